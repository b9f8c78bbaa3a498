import { SYSTEM_CLOCK, type Clock, type Ids } from "../ports/clock.js";
import type { Scanner } from "../ports/scanner.js";
import type { ScanStore } from "../ports/scan-store.js";
import { createInProcessJobQueue } from "../stores/create-in-process-job-queue.js";
import { createMemoryScanStore } from "../stores/create-memory-scan-store.js";
import { createRandomIds } from "../stores/create-random-ids.js";
import { createDurationStats } from "../stores/create-duration-stats.js";
import { createUnlimitedQuota } from "../use-cases/create-unlimited-quota.js";
import { recoverInterruptedScans } from "../use-cases/recover-interrupted-scans.js";
import { runScanJob, type WorkerDeps } from "../use-cases/run-scan-job.js";
import { DEFAULT_SERVICE_CONFIG, type ScanQuota, type ServiceConfig } from "../use-cases/service-deps.js";

export interface LocalServiceOptions {
  scanner: Scanner;
  /** Default: in memory. The reference hosts pass the SQLite or Redis store. */
  scans?: ScanStore;
  quota?: ScanQuota;
  config: Partial<ServiceConfig> & Pick<ServiceConfig, "baseUrl">;
  /** Jobs at the same time (default 2). */
  concurrency?: number;
  jobDeadlineMs?: number;
  clock?: Clock;
  ids?: Ids;
  onJobError?: WorkerDeps["onJobError"];
}

/**
 * Wires the use-cases for one process: a store, the in-process queue whose handler runs scan jobs, and the
 * given scanner. Recovers scans a previous process left behind before taking new work.
 */
export async function createLocalService(options: LocalServiceOptions): Promise<{ deps: WorkerDeps; close: () => Promise<void> }> {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const scans = options.scans ?? createMemoryScanStore();
  const deps = {} as WorkerDeps;
  const queue = createInProcessJobQueue({
    concurrency: options.concurrency ?? 2,
    handler: (job) => runScanJob(deps, job),
    onError: (error, job) => options.onJobError?.(error, job.scanId),
  });
  Object.assign(deps, {
    scans,
    queue,
    quota: options.quota ?? createUnlimitedQuota({ now: () => clock.now() }),
    clock,
    ids: options.ids ?? createRandomIds(),
    config: { ...DEFAULT_SERVICE_CONFIG, ...options.config },
    durations: createDurationStats(),
    scanner: options.scanner,
    jobDeadlineMs: options.jobDeadlineMs ?? 120_000,
    ...(options.onJobError ? { onJobError: options.onJobError } : {}),
  } satisfies WorkerDeps);
  await recoverInterruptedScans(deps);
  return {
    deps,
    close: async () => {
      await queue.close();
      await scans.close();
    },
  };
}
