import { execFileSync } from "node:child_process";
import { descendantsOf } from "./serve-process.js";

interface ProcessRow {
  readonly pid: number;
  readonly args: string;
}

const CHROMIUM = /chrom|headless_shell/i;

/** Every process on the machine with its command line, from ps. */
function processRows(): ProcessRow[] {
  return execFileSync("ps", ["-eo", "pid=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({ pid: Number(match[1]), args: match[2]! }));
}

/** The Chromium processes under `root` (the browser it launched, its zygotes, renderers and utilities). */
export function browserTreeOf(root: number): ProcessRow[] {
  const descendants = new Set(descendantsOf(root));
  return processRows().filter((row) => descendants.has(row.pid) && CHROMIUM.test(row.args));
}

/** The top process of the browser a server launched: its first Chromium descendant that is no helper. */
export async function waitForBrowserOf(root: number, timeoutMs = 30_000): Promise<number> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const browser = browserTreeOf(root).find((row) => !/--type=/.test(row.args));
    if (browser !== undefined) return browser.pid;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no browser process under ${root}`);
}

/** The processes of `pids` still alive after `timeoutMs` (an empty list once all are gone); zombies count as gone. */
async function survivorsOf(pids: readonly number[], timeoutMs = 10_000): Promise<ProcessRow[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const alive = new Set(pids);
    const rows = execFileSync("ps", ["-eo", "pid=,stat=,args="], { encoding: "utf8" })
      .split("\n")
      .map((line) => /^\s*(\d+)\s+(\S+)\s+(.*)$/.exec(line))
      .filter((match) => match !== null && alive.has(Number(match[1])) && !match[2]!.startsWith("Z"))
      .map((match) => ({ pid: Number(match![1]), args: match![3]!.slice(0, 200) }));
    if (rows.length === 0 || Date.now() >= until) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The processes of `pids` left alive after `timeoutMs`, killed before they are returned: a failing leak test
 * must not leak the browser it found onto the machine (and into later tests).
 */
export async function killSurvivorsOf(pids: readonly number[], timeoutMs = 10_000): Promise<ProcessRow[]> {
  const left = await survivorsOf(pids, timeoutMs);
  for (const row of left) {
    try {
      process.kill(row.pid, "SIGKILL");
    } catch {
      // Ended meanwhile.
    }
  }
  return left;
}
