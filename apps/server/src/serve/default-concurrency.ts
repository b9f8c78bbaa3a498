import { availableParallelism, totalmem } from "node:os";

/** What the default concurrency is chosen from: the CPU cores and the memory this process may use. */
export interface MachineFacts {
  readonly cores: number;
  readonly memoryBytes: number;
}

/**
 * Scans per core. `pnpm bench scan-throughput` (BENCHMARKS.md, tenth session) on 2 cores: the heaviest page
 * of the fixture web reaches 87% of its peak throughput at 2 scans per core and 99% at 3, light pages keep
 * gaining to 4 per core; 2 per core keeps each scan's own time close to a scan alone's.
 */
const SCANS_PER_CORE = 2;
/** Docs "Sizing" (docs/operations.md): a worker takes about 0.5 GiB plus 0.25 GiB per page slot (scans + 2). */
const FIXED_BYTES = 0.5 * 2 ** 30;
const SLOT_BYTES = 0.25 * 2 ** 30;
const EXTRA_SLOTS = 2;
/** One browser serves a process's scans; past this many, more worker processes scale better than one bigger. */
const MAX_DEFAULT = 8;

/** The machine this process runs on: its usable cores, and its memory or its container's limit when lower. */
export function machineFacts(): MachineFacts {
  const total = totalmem();
  // A cgroup limit (a container's memory), when there is one: Node reports none as 0 or as a huge number.
  const constrained = process.constrainedMemory();
  return { cores: availableParallelism(), memoryBytes: constrained > 0 && constrained < total ? constrained : total };
}

/**
 * The number of scans a serving process runs at once when `--concurrency` is not given: two per core, as
 * many as its memory holds by the sizing rule, at least 1 and at most 8.
 */
export function defaultConcurrency(machine: MachineFacts): number {
  const byCores = SCANS_PER_CORE * Math.max(1, machine.cores);
  const byMemory = Math.floor((machine.memoryBytes - FIXED_BYTES) / SLOT_BYTES) - EXTRA_SLOTS;
  return Math.max(1, Math.min(byCores, byMemory, MAX_DEFAULT));
}
