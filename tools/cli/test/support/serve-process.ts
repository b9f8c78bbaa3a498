import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const SERVE_SCRIPT = fileURLToPath(new URL("../../../../scripts/serve.mjs", import.meta.url));
const STARTED = /public-scan REST API on (http:\/\/\S+)\/api\/v2|public-scan worker:/;

export interface ServeProcess {
  readonly child: ChildProcess;
  /** The API's origin (api and all roles); undefined for a worker. */
  readonly url: string | undefined;
  /** Everything the process wrote so far. */
  readonly output: () => string;
  /** SIGKILL: no shutdown code runs (a crash, an OOM kill, a pulled plug). */
  readonly kill: () => Promise<void>;
  /** SIGTERM, then waits for the exit: the graceful shutdown an orchestrator asks for. */
  readonly stop: () => Promise<number | null>;
}

/**
 * One process of the reference server, started as an operator starts it (`node scripts/serve.mjs`, the
 * built CLI) with the given flags and environment, on the Node running the tests. Resolves once the process
 * says it serves (or runs jobs); rejects with its output if it exits or stays silent first.
 */
export async function startServeProcess(input: {
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  timeoutMs?: number;
}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [SERVE_SCRIPT, ...input.args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", ...input.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string | undefined>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`serve process did not start in time:\n${output}`)), input.timeoutMs ?? 30_000);
    const check = () => {
      const match = STARTED.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      child.stdout.off("data", check);
      resolve(match[1]);
    };
    child.stdout.on("data", check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve process exited (${code}) before it started:\n${output}`));
    });
  });
  return {
    child,
    url,
    output: () => output,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
