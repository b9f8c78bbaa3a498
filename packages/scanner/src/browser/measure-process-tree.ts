import { readdir, readFile } from "node:fs/promises";

/**
 * A process and its descendants, from /proc: `root` first. Null off Linux, or when the root process is gone.
 * Processes that end while /proc is read are left out.
 */
export async function processTreeOf(root: number): Promise<number[] | null> {
  if (process.platform !== "linux") return null;
  const parents = new Map<number, number>();
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, "utf8").catch(() => null);
    // The command name (2nd field) is in parentheses and may hold spaces: the ppid is the 2nd field after ')'.
    const ppid = stat === null ? NaN : Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (Number.isInteger(ppid)) parents.set(Number(name), ppid);
  }
  if (!parents.has(root)) return null;
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) if (!tree.has(pid) && tree.has(ppid)) grew = tree.add(pid).size > 0;
  }
  return [...tree];
}

/**
 * One process's PSS (proportional set size) in bytes, from /proc/PID/smaps_rollup: pages it shares with n
 * processes count 1/n, so the PSS of processes add up to what they take together. Null when it cannot be read.
 */
export async function pssOf(pid: number): Promise<number | null> {
  const rollup = await readFile(`/proc/${pid}/smaps_rollup`, "utf8").catch(() => "");
  const kib = /^Pss:\s+(\d+) kB/m.exec(rollup)?.[1];
  return kib === undefined ? null : Number(kib) * 1024;
}

/**
 * The memory a process and its descendants use, in bytes: the sum of their PSS, so pages Chromium's processes
 * share are counted once in all, not once per process as RSS would. Null off Linux, or when the root process is
 * gone. Reading every /proc entry takes a few milliseconds, so callers measure between scans, not in them.
 */
export async function measureProcessTree(root: number): Promise<number | null> {
  const tree = await processTreeOf(root);
  if (tree === null) return null;
  let bytes = 0;
  for (const pid of tree) bytes += (await pssOf(pid)) ?? 0;
  return bytes;
}
