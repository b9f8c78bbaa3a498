// What the memory benchmark reads about the browser's processes from /proc (Linux): every descendant of this
// process, its Chromium process type, and its proportional set size.
import { readdirSync, readFileSync } from "node:fs";

const read = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return null; // the process ended while it was read
  }
};

/** The descendants of `root`: pid → Chromium process type (`browser`, `renderer`, `gpu-process`, `utility`, `zygote`, …). */
function descendantsOf(root) {
  const parents = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = read(`/proc/${name}/stat`);
    // The command name (2nd field) is in parentheses and may hold spaces: the ppid is the 2nd field after ')'.
    if (stat !== null) parents.set(Number(name), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents) if (!tree.has(pid) && tree.has(ppid)) grew = tree.add(pid).size > 0;
  }
  tree.delete(root);
  const kinds = new Map();
  for (const pid of tree) {
    // Chromium rewrites its command line as one string (its process title): read `--type=` from the text.
    const commandLine = (read(`/proc/${pid}/cmdline`) ?? "").replaceAll("\0", " ");
    kinds.set(pid, /--type=([\w-]+)/.exec(commandLine)?.[1] ?? "browser");
  }
  return kinds;
}

/**
 * PSS in KiB of this process's descendants (the browser tree, whatever launched it), by process type, and how
 * many processes of each type: where the memory of the browser goes. A page shared by n processes counts
 * 1/n in each, so the parts add up to what the tree takes.
 */
export function browserTreeMemory(root = process.pid) {
  const byType = {};
  let total = 0;
  for (const [pid, type] of descendantsOf(root)) {
    const kib = Number(/^Pss:\s+(\d+) kB$/m.exec(read(`/proc/${pid}/smaps_rollup`) ?? "")?.[1] ?? 0);
    byType[type] ??= { kib: 0, count: 0 };
    byType[type].kib += kib;
    byType[type].count += 1;
    total += kib;
  }
  return { totalKiB: total, byType };
}

/** This process's own PSS in KiB: the scanner's Node side (with the benchmark's fixture web). */
export const ownMemoryKiB = () => Number(/^Pss:\s+(\d+) kB$/m.exec(read("/proc/self/smaps_rollup") ?? "")?.[1] ?? 0);
