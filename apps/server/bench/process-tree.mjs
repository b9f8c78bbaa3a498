// What the cluster benchmark reads about its processes from the operating system: the process table (ps),
// a process's tree, its memory, and the machine's CPU time.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** The process table, from ps: pid → { ppid, rss (KiB), args }. */
export function processTable() {
  const table = new Map();
  for (const line of execFileSync("ps", ["-eo", "pid=,ppid=,rss=,args="], { encoding: "utf8" }).split("\n")) {
    const match = /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(line);
    if (match !== null) table.set(Number(match[1]), { ppid: Number(match[2]), rss: Number(match[3]), args: match[4] });
  }
  return table;
}

/** A process and all its descendants: a worker's Node process, its browser and the browser's children. */
export function treeOf(table, rootPid) {
  const children = new Map();
  for (const [pid, { ppid }] of table) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const pids = [];
  const stack = table.has(rootPid) ? [rootPid] : [];
  while (stack.length > 0) {
    const pid = stack.pop();
    pids.push(pid);
    stack.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** Whether the tree holds a browser's top process (the worker launches it at its first scan). */
export const hasBrowser = (table, rootPid) =>
  treeOf(table, rootPid).some((pid) => /chrom|headless_shell/i.test(table.get(pid).args) && !/--type=/.test(table.get(pid).args));

/**
 * Memory of a tree in KiB, two ways. `rss`: the sum of resident sizes, as the scanner's benchmark reports
 * it; it counts every page shared between processes (Chromium's binary, its zygote's pages) once per
 * process, so it overstates. `pss` (when asked: it costs kernel time): the proportional set size from
 * /proc, where a page shared by n processes counts 1/n in each, so the trees of several workers add up to
 * what they take together; null where /proc cannot be read.
 */
export function treeMemoryKiB(table, rootPid, { pss: withPss = true } = {}) {
  let rss = 0;
  let pss = withPss ? 0 : null;
  for (const pid of treeOf(table, rootPid)) {
    rss += table.get(pid).rss;
    if (pss === null) continue;
    try {
      pss += Number(/^Pss:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, "utf8"))?.[1] ?? 0);
    } catch (error) {
      // A process that ended since ps ran has nothing left to count; an unreadable one voids the figure.
      if (error.code !== "ENOENT" && error.code !== "ESRCH") pss = null;
    }
  }
  return { rss, pss };
}

/** The kernel's clock ticks per second, the unit of /proc's CPU times. */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU time (user + system) a process used so far, in clock ticks, with its ended children's (what ps, run
 * by this process, costs) when asked; null once it ended or off Linux.
 */
export function cpuTicksOf(pid, { children = false } = {}) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces: count from its closing parenthesis (field 3 is index 0).
    const fields = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    return fields[11] + fields[12] + (children ? fields[13] + fields[14] : 0);
  } catch {
    return null;
  }
}

/** CPU time of the whole machine so far, in clock ticks: busy and total (from /proc/stat; null elsewhere). */
export function machineCpuTicks() {
  try {
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait are the 4th and 5th fields.
    return { busy: total - fields[3] - fields[4], total };
  } catch {
    return null;
  }
}
