import { spawn, type ChildProcess } from "node:child_process";
import type { Browser } from "puppeteer-core";

export interface SpawnBrowserAsOptions {
  executablePath: string;
  /** Every Chromium flag, `--user-data-dir` included; a debugging port is added here. */
  args: readonly string[];
  user: { uid: number; gid: number };
  /** The profile directory, already owned by `user`; also the browser's HOME. */
  userDataDir: string;
  startTimeoutMs?: number;
}

/**
 * Starts Chromium as another (unprivileged) user and connects puppeteer to it. puppeteer's `launch` can
 * only start the browser as the calling user, and Chromium refuses its sandbox as root, so a root service
 * spawns the process itself. The DevTools endpoint is read from Chromium's standard error, which stays
 * drained for the browser's life (a full pipe would stall it).
 */
export async function spawnBrowserAs(options: SpawnBrowserAsOptions): Promise<{ browser: Browser; child: ChildProcess }> {
  const { default: puppeteer } = await import("puppeteer-core");
  const child = spawn(options.executablePath, [...options.args, "--remote-debugging-port=0"], {
    uid: options.user.uid,
    gid: options.user.gid,
    env: { ...process.env, HOME: options.userDataDir },
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    const endpoint = await readDevToolsEndpoint(child, options.startTimeoutMs ?? 30_000);
    const browser = await puppeteer.connect({ browserWSEndpoint: endpoint, defaultViewport: null, protocolTimeout: 60_000 });
    return { browser, child };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
}

function readDevToolsEndpoint(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => fail(new Error(`The browser did not start within ${timeoutMs} ms.`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      // Keep only a tail: the endpoint line is short, and the output before it can be long.
      seen = (seen + chunk.toString("utf8")).slice(-8192);
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match) done(() => resolve(match[1]!));
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(new Error(`The browser exited while starting (${signal ?? `code ${String(code)}`}): ${lastLine(seen)}`));
    const onError = (error: Error) => fail(error);
    const done = (settle: () => void) => {
      clearTimeout(timer);
      child.off("exit", onExit);
      child.off("error", onError);
      settle();
    };
    const fail = (error: Error) => done(() => reject(error));
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", onError);
  });
}

/** The last meaningful line of Chromium's output, e.g. "No usable sandbox!", for the start-up error. */
function lastLine(output: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return (lines.at(-1) ?? "no output").slice(0, 300);
}
