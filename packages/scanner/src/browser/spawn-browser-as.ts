import { spawn, type ChildProcess } from "node:child_process";
import type { Readable, Writable } from "node:stream";
import type { Browser } from "puppeteer-core";
import { createPipeTransport, type OversizedMessage } from "./create-pipe-transport.js";
import { sleep } from "../timing/sleep.js";

export interface SpawnBrowserAsOptions {
  executablePath: string;
  /** Every Chromium flag, `--user-data-dir` included; the DevTools pipe is added here unless present. */
  args: readonly string[];
  /** The unprivileged user to start it as; default: this process's own user. */
  user?: { uid: number; gid: number };
  /** The profile directory, already owned by `user`; also the browser's HOME. */
  userDataDir: string;
  startTimeoutMs?: number;
  /** Told about each message from the browser over the transport's byte cap (`createPipeTransport`). */
  onOversizedMessage?: (message: OversizedMessage) => void;
}

/**
 * Starts Chromium, as another (unprivileged) user when one is given, and connects puppeteer to it over the
 * DevTools pipe. puppeteer's `launch` can only start the browser as the calling user, and Chromium refuses
 * its sandbox as root, so a root service spawns the process itself; so does every other, because
 * puppeteer's own pipe transport has no byte cap (one giant console message ended the process). The pipe (fds 3 and 4) rather than a port: the browser
 * exits when this process does, however it dies (createPipeTransport). Standard error stays drained for the
 * browser's life (a full pipe would stall it); its tail explains a browser that dies while starting.
 */
export async function spawnBrowserAs(options: SpawnBrowserAsOptions): Promise<{ browser: Browser; child: ChildProcess }> {
  const { default: puppeteer } = await import("puppeteer-core");
  const args = options.args.includes("--remote-debugging-pipe") ? options.args : [...options.args, "--remote-debugging-pipe"];
  const child = spawn(options.executablePath, [...args], {
    ...(options.user === undefined ? {} : { uid: options.user.uid, gid: options.user.gid }),
    env: { ...process.env, HOME: options.userDataDir },
    stdio: ["ignore", "ignore", "pipe", "pipe", "pipe"],
  });
  let seen = "";
  // Keep only a tail: the line that explains a failed start is short, and the output before it can be long.
  child.stderr?.on("data", (chunk: Buffer) => (seen = (seen + chunk.toString("utf8")).slice(-8192)));
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onExit: ((code: number | null, signal: NodeJS.Signals | null) => void) | undefined;
  let onError: ((error: Error) => void) | undefined;
  const failed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The browser did not start within ${timeoutMs} ms.`)), timeoutMs);
    onExit = (code, signal) =>
      reject(new Error(`The browser exited while starting (${signal ?? `code ${String(code)}`}): ${lastLine(seen)}`));
    onError = (error) => reject(error);
    child.once("exit", onExit);
    child.once("error", onError);
  });
  try {
    const transport = createPipeTransport(child.stdio[3] as Writable, child.stdio[4] as Readable, {
      ...(options.onOversizedMessage === undefined ? {} : { onOversized: options.onOversizedMessage }),
    });
    // A browser that dies while starting closes the pipe before Node reports its exit, and puppeteer's bare
    // "Target closed" says nothing: the exit (with what the browser said) gets a second to win the race.
    const connecting = puppeteer.connect({ transport, defaultViewport: null, protocolTimeout: 60_000 }).catch(async (error: unknown) => {
      await Promise.race([failed, sleep(1000)]);
      throw error;
    });
    const browser = await Promise.race([connecting, failed]);
    return { browser, child };
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  } finally {
    clearTimeout(timer);
    child.off("exit", onExit!);
    child.off("error", onError!);
    failed.catch(() => undefined);
  }
}

/** The last meaningful line of Chromium's output, e.g. "No usable sandbox!", for the start-up error. */
function lastLine(output: string): string {
  const lines = output
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  return (lines.at(-1) ?? "no output").slice(0, 300);
}
