import { runAccountsCommand } from "./run-accounts-command.js";
import { runDataCommand } from "./run-data-command.js";
import { runKeysCommand } from "./run-keys-command.js";
import { runScanCommand, type CommandIo } from "./run-scan-command.js";
import { runServeCommand } from "./serve/run-serve-command.js";

export { wantsColour } from "./terminal-paint.js";

/** What every command of `public-scan` is given: its output streams and the process's environment. */
export type PublicScanIo = CommandIo & { env: Readonly<Record<string, string | undefined>> };

/** The commands of `public-scan`, each a function of its arguments answering an exit code. */
export const PUBLIC_SCAN_COMMANDS = {
  scan: runScanCommand,
  serve: runServeCommand,
  keys: runKeysCommand,
  accounts: runAccountsCommand,
  data: runDataCommand,
} as const satisfies Record<string, (argv: readonly string[], io: PublicScanIo) => Promise<number>>;

export const PUBLIC_SCAN_USAGE = `Usage: public-scan <command> [options]   (from a checkout: pnpm <command> [options])

Commands:
  scan <url>   scan a URL as a first-time visitor and print the report (--demo: a site of the bundled fixture web, offline)
  serve        the reference server: REST API, MCP endpoints, report pages, accounts
  keys         issue, list and revoke API keys
  accounts     list and disable accounts, grant and revoke scopes
  data         purge data past its retention, back up the SQLite file

public-scan <command> --help shows a command's options.`;

/**
 * The one command of the reference server and its operator tools (`apps/server/bin/public-scan.mjs`, the
 * container's entry point, and `pnpm scan|serve|keys|accounts|data` from a checkout): dispatches to the
 * named command. Returns the exit code: 2 for a missing or unknown command, as for a bad option.
 */
export async function runPublicScanCommand(argv: readonly string[], io: PublicScanIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    io.stdout(`${PUBLIC_SCAN_USAGE}\n`);
    return 0;
  }
  if (name === undefined || !Object.hasOwn(PUBLIC_SCAN_COMMANDS, name)) {
    io.stderr(`${name === undefined ? "public-scan: which command?" : `public-scan: unknown command "${name}"`}\n\n${PUBLIC_SCAN_USAGE}\n`);
    return 2;
  }
  return PUBLIC_SCAN_COMMANDS[name as keyof typeof PUBLIC_SCAN_COMMANDS](rest, io);
}
