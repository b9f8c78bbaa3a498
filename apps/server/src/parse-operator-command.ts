import { parseArgs, type ParseArgsConfig } from "node:util";
import type { CommandIo } from "./run-scan-command.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

/** A parsed operator command line, and how to refuse it: the message, the usage, exit code 2. */
export interface OperatorCommand<O extends Options> {
  readonly action: string;
  readonly positionals: readonly string[];
  readonly values: ReturnType<typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>>["values"];
  readonly fail: (message: string) => number;
}

/**
 * The shared front of `pnpm keys`, `pnpm accounts` and `pnpm data`: strict flags plus `-h/--help`, an action as
 * the first positional. Answers with the exit code instead when there is nothing to run: 0 after --help, 2 with
 * the usage for a bad flag or a missing action.
 */
export function parseOperatorCommand<O extends Options>(
  command: { name: string; usage: string; options: O },
  argv: readonly string[],
  io: CommandIo,
): OperatorCommand<O> | { exitCode: number } {
  const fail = (message: string) => {
    io.stderr(`${command.name}: ${message}\n\n${command.usage}\n`);
    return 2;
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...command.options, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return { exitCode: fail(error instanceof Error ? error.message : String(error)) };
  }
  const [action, ...rest] = parsed.positionals;
  const help = (parsed.values as { help?: boolean }).help === true;
  if (help || action === undefined) {
    io.stdout(`${command.usage}\n`);
    return { exitCode: help ? 0 : 2 };
  }
  return { action, positionals: rest, values: parsed.values, fail };
}
