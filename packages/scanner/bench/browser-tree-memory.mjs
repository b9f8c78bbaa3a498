// What the memory benchmark reads about the browser's processes from /proc (Linux): every descendant of this
// process, its Chromium process type, and its PSS. The tree and the PSS come from the scanner's own
// measurement (what its browser pool recycles on), built in dist/.
import { readFile } from "node:fs/promises";
import { processTreeOf, pssOf } from "../dist/browser/measure-process-tree.js";

/** A Chromium process's type (`renderer`, `gpu-process`, `utility`, `zygote`, …; the browser itself has none). */
async function typeOf(pid) {
  // Chromium rewrites its command line as one string (its process title): read `--type=` from the text.
  const commandLine = (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).replaceAll("\0", " ");
  return /--type=([\w-]+)/.exec(commandLine)?.[1] ?? "browser";
}

/**
 * PSS in KiB of the descendants of `root` (the browser tree, whatever launched it), by process type, and how
 * many processes of each type: where the memory of the browser goes.
 */
export async function browserTreeMemory(root = process.pid) {
  const byType = {};
  let total = 0;
  for (const pid of ((await processTreeOf(root)) ?? []).filter((pid) => pid !== root)) {
    const [type, bytes] = await Promise.all([typeOf(pid), pssOf(pid)]);
    const kib = (bytes ?? 0) / 1024;
    byType[type] ??= { kib: 0, count: 0 };
    byType[type].kib += kib;
    byType[type].count += 1;
    total += kib;
  }
  return { totalKiB: total, byType };
}

/** This process's own PSS in KiB: the scanner's Node side (with the benchmark's fixture web). */
export const ownMemoryKiB = async () => ((await pssOf(process.pid)) ?? 0) / 1024;
