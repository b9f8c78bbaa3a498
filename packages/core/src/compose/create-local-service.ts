import { SYSTEM_CLOCK, type Clock, type Ids } from "../ports/clock.js";
import type { RateLimiter } from "../ports/rate-limiter.js";
import type { Scanner } from "../ports/scanner.js";
import type { JobQueueFactory } from "../ports/job-queue.js";
import type { TargetPolicy } from "../ports/target-policy.js";
import type { ScanStore } from "../ports/scan-store.js";
import type { ServiceObserver } from "../ports/service-observer.js";
import { createInProcessJobQueue } from "../stores/create-in-process-job-queue.js";
import { createMemoryScanStore } from "../stores/create-memory-scan-store.js";
import { createRandomIds } from "../stores/create-random-ids.js";
import { createDurationStats } from "../stores/create-duration-stats.js";
import { createUnlimitedQuota } from "../use-cases/scan-quotas.js";
import { recoverInterruptedScans } from "../use-cases/recover-interrupted-scans.js";
import { endAbandonedJob } from "../use-cases/end-abandoned-job.js";
import { runScanJob, type WorkerDeps } from "../use-cases/run-scan-job.js";
import { createUrlSealer } from "../use-cases/create-url-sealer.js";
import { DEFAULT_SERVICE_CONFIG, type ScanQuota, type ServiceConfig } from "../use-cases/service-deps.js";

export interface LocalServiceOptions {
  scanner: Scanner;
  /** Default: in memory. The reference hosts pass the SQLite or Redis store. */
  scans?: ScanStore;
  quota?: ScanQuota;
  /** The weighted read limits; public hosts pass the rate limiter (with `createAnonymousScanQuota` as `quota`). */
  limits?: RateLimiter;
  /** Refuses non-public targets before they are queued (the scanner's `createTargetPolicy`). */
  targets?: TargetPolicy;
  /**
   * The deployment's secret for sealing a scanned URL's query string in the store until a worker visits it
   * (AES-256-GCM, key derived from it). Every process sharing `scans` needs the same one. Without it the
   * key is random per process: a queued scan of a URL with a query that outlives its process ends failed.
   */
  targetSecret?: string;
  config: Partial<ServiceConfig> & Pick<ServiceConfig, "baseUrl">;
  /**
   * The job queue, built around the service's job handler. Default: the in-process queue with
   * `concurrency` jobs at a time; a host running several processes passes BullMQ's or SQS's here.
   */
  queue?: JobQueueFactory;
  /** Jobs at the same time in the default in-process queue (default 2). */
  concurrency?: number;
  jobDeadlineMs?: number;
  /**
   * `sweep` (default): recover the scans dead workers left at start, then every half `staleAfterSeconds`.
   * `none`: the host recovers (a function that is frozen between invocations cannot sweep on a timer; it
   * calls `recoverInterruptedScans` from a schedule instead).
   */
  recovery?: "sweep" | "none";
  clock?: Clock;
  ids?: Ids;
  onJobError?: WorkerDeps["onJobError"];
  /** Told about requests (through the surfaces that read it), jobs and their phases, for logs and metrics. */
  observer?: ServiceObserver;
}

export interface CloseOptions {
  /**
   * Without it, close waits for every queued and running job. With it (a server shutting down), jobs not
   * started stay queued for the next start, and running ones get this long to finish before they are
   * stopped and put back to queued.
   */
  graceMs?: number;
}

/**
 * Wires the use-cases for one process: the host's store and queue (defaults: in memory, in process), the
 * queue's handler that runs scan jobs with the given scanner, and the sweep that recovers scans whose
 * worker died. Recovers scans a previous process left behind before taking new work.
 */
export async function createLocalService(
  options: LocalServiceOptions,
): Promise<{ deps: WorkerDeps; close: (options?: CloseOptions) => Promise<void> }> {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const scans = options.scans ?? createMemoryScanStore();
  const shutdown = new AbortController();
  const queueFactory: JobQueueFactory =
    options.queue ?? ((handlers) => createInProcessJobQueue({ ...handlers, concurrency: options.concurrency ?? 2 }));
  // The handler closes over `deps`, declared just below: the queue calls it only for jobs enqueued later.
  const queue = queueFactory({
    handler: (job) => runScanJob(deps, job),
    // The queue reports a job once it gave up on it: its scan ends failed rather than waiting for the sweep.
    onError: (error, job) => {
      options.onJobError?.(error, job.scanId);
      void endAbandonedJob(deps, job.scanId).catch((cause: unknown) => options.onJobError?.(cause, job.scanId));
    },
  });
  const deps: WorkerDeps = {
    scans,
    queue,
    quota: options.quota ?? createUnlimitedQuota({ now: () => clock.now() }),
    clock,
    ids: options.ids ?? createRandomIds(),
    config: { ...DEFAULT_SERVICE_CONFIG, ...options.config },
    sealer: createUrlSealer(options.targetSecret === undefined ? {} : { secret: options.targetSecret }),
    durations: createDurationStats(),
    scanner: options.scanner,
    jobDeadlineMs: options.jobDeadlineMs ?? 120_000,
    ...(options.onJobError ? { onJobError: options.onJobError } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.targets ? { targets: options.targets } : {}),
    ...(options.observer ? { observer: options.observer } : {}),
    shutdown: shutdown.signal,
  };
  const sweeping = (options.recovery ?? "sweep") === "sweep";
  if (sweeping) await recoverInterruptedScans(deps);
  // Scans of workers that die while this process lives are taken over by a periodic sweep.
  const sweep = sweeping
    ? setInterval(
        () => void recoverInterruptedScans(deps).catch((error: unknown) => options.onJobError?.(error, "recovery")),
        Math.max(1000, (deps.config.staleAfterSeconds * 1000) / 2),
      )
    : undefined;
  sweep?.unref?.();
  return {
    deps,
    close: async (closeOptions = {}) => {
      clearInterval(sweep);
      if (closeOptions.graceMs === undefined) {
        await queue.close();
      } else {
        // Jobs not started stay queued in the store; running ones get the grace period, then go back to queued.
        const closing = queue.close({ force: true });
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([closing, new Promise((resolve) => (timer = setTimeout(resolve, closeOptions.graceMs)))]);
        clearTimeout(timer);
        shutdown.abort();
        await closing;
      }
      await scans.close();
    },
  };
}
