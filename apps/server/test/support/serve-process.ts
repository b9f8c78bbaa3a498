import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const COMMAND = fileURLToPath(new URL("../../bin/public-scan.mjs", import.meta.url));
const STARTED = /public-scan REST API on (http:\/\/\S+)\/api\/v2|public-scan worker:/;

export interface ServeProcess {
  readonly child: ChildProcess;
  /** The API's origin (api and all roles); undefined for a worker. */
  readonly url: string | undefined;
  /** Everything the process wrote so far. */
  readonly output: () => string;
  /**
   * SIGKILL: no shutdown code runs (a crash, an OOM kill, a pulled plug). The browsers it launched are
   * killed with it, for the test machine's sake (a real crash would leave them to the orchestrator).
   */
  readonly kill: () => Promise<void>;
  /** SIGTERM, then waits for the exit: the graceful shutdown an orchestrator asks for. */
  readonly stop: () => Promise<number | null>;
}

/**
 * One process of the reference server, started as an operator starts it (`public-scan serve`, the
 * built command) with the given flags and environment, on the Node running the tests. Resolves once the process
 * says it serves (or runs jobs); rejects with its output if it exits or stays silent first.
 */
export async function startServeProcess(input: {
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  timeoutMs?: number;
}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [COMMAND, "serve", ...input.args], {
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
      if (child.exitCode !== null || child.signalCode !== null) return;
      const descendants = descendantsOf(child.pid!);
      child.kill("SIGKILL");
      await exited;
      for (const pid of descendants) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Already gone with its parent.
        }
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/** Every process under `root`, from ps (the browser a worker launched runs as another user, in its own tree). */
export function descendantsOf(root: number): number[] {
  const rows = execFileSync("ps", ["-eo", "pid=,ppid="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of rows) {
      if (pid !== undefined && ppid !== undefined && !found.has(pid) && found.has(ppid)) {
        found.add(pid);
        grew = true;
      }
    }
  }
  found.delete(root);
  return [...found];
}
