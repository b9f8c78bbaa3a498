import { SYSTEM_CLOCK, type Clock, type Ids } from "../ports/clock.js";
import type { RateLimiter } from "../ports/rate-limiter.js";
import type { JobQueueFactory } from "../ports/job-queue.js";
import type { TargetPolicy } from "../ports/target-policy.js";
import type { ScanStore } from "../ports/scan-store.js";
import type { ServiceObserver } from "../ports/service-observer.js";
import { createInProcessJobQueue } from "../stores/create-in-process-job-queue.js";
import { createMemoryScanStore } from "../stores/create-memory-scan-store.js";
import { cacheEndedScans, type EndedScanCacheOptions } from "../stores/cache-ended-scans.js";
import { createRandomIds } from "../stores/create-random-ids.js";
import { createDurationStats } from "../stores/create-duration-stats.js";
import { createUnlimitedQuota } from "../use-cases/scan-quotas.js";
import { endAbandonedJob } from "../use-cases/end-abandoned-job.js";
import { createUrlSealer } from "../use-cases/create-url-sealer.js";
import { DEFAULT_SERVICE_CONFIG, type ScanQuota, type ServiceConfig, type ServiceDeps } from "../use-cases/service-deps.js";
import { bindJobSlot, type JobRunner, type ServiceJobSlot } from "./service-job-slot.js";

export interface ServiceOptions {
  /** Default: in memory. The reference hosts pass the SQLite, Redis or DynamoDB store. */
  scans?: ScanStore;
  /**
   * The in-process cache of ended scans in front of `scans` (`cacheEndedScans`): on by default (32 MiB,
   * entries re-read after 10 minutes); pass the purge's `retentionDays` so a purged scan is never answered
   * from it, or `false` for none.
   */
  scanCache?: false | Omit<EndedScanCacheOptions, "clock">;
  quota?: ScanQuota;
  /** The weighted read limits; public hosts pass the rate limiter (with `createAnonymousScanQuota` as `quota`). */
  limits?: RateLimiter;
  /** Refuses non-public targets before they are queued (the scanner's `targets`, or `createTargetPolicy`). */
  targets?: TargetPolicy;
  /**
   * The deployment's secret for sealing a scanned URL's query string in the store until a worker visits it
   * (AES-256-GCM, key derived from it). Every process sharing `scans` needs the same one. Without it the
   * key is random per process: a queued scan of a URL with a query that outlives its process ends failed.
   */
  targetSecret?: string;
  config: Partial<ServiceConfig> & Pick<ServiceConfig, "baseUrl">;
  /**
   * The job queue. Default: the in-process queue with `concurrency` jobs at a time, run by the worker
   * `startScanWorker` starts in this process; a host running several processes passes BullMQ's or SQS's.
   */
  queue?: JobQueueFactory;
  /** Jobs at the same time in the default in-process queue (default 2). */
  concurrency?: number;
  clock?: Clock;
  ids?: Ids;
  /** Told what a job threw once its queue gave up on it (the scan then ends failed). */
  onJobError?: (error: unknown, scanId: string) => void;
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

/** A composed service: what the surfaces (REST, MCP) take, and how to shut it down. */
export interface Service {
  deps: ServiceDeps;
  close: (options?: CloseOptions) => Promise<void>;
}

/**
 * The service without a scanner: stores, quota, limits, target rules, configuration and the job queue,
 * everything an API process or function needs to create scans and answer reads. A process that also runs
 * scans adds `startScanWorker(service, { scanner })`; one that only enqueues (a cluster's API process, the
 * API and recovery functions on Lambda) composes this alone, and never builds a browser.
 */
export function createService(options: ServiceOptions): Service {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const store = options.scans ?? createMemoryScanStore();
  const scans = options.scanCache === false ? store : cacheEndedScans(store, { ...options.scanCache, clock });
  const shutdown = new AbortController();
  // Jobs a queue delivers before the worker is started (BullMQ's, left in Redis) wait for it; at close, with
  // none started, they are handed back: their scans stay queued for a process that scans.
  let shuttingDown = false;
  const waiting = new Set<(run: JobRunner | null) => void>();
  const slot: ServiceJobSlot = {
    run: undefined,
    stopSweep: undefined,
    shutdown: shutdown.signal,
    attach: (run) => {
      slot.run = run;
      wake(run);
    },
  };
  const workerOrClose = (): Promise<JobRunner | null> =>
    slot.run !== undefined
      ? Promise.resolve(slot.run)
      : shuttingDown
        ? Promise.resolve(null)
        : new Promise((resolve) => waiting.add(resolve));
  const wake = (run: JobRunner | null) => {
    for (const resolve of waiting) resolve(run);
    waiting.clear();
  };
  const queueFactory: JobQueueFactory =
    options.queue ?? ((handlers) => createInProcessJobQueue({ ...handlers, concurrency: options.concurrency ?? 2 }));
  // The handler closes over `deps`, declared just below: the queue calls it only for jobs enqueued later.
  const queue = queueFactory({
    handler: async (job) => {
      const run = await workerOrClose();
      return run === null ? "handed_back" : run(job);
    },
    // The queue reports a job once it gave up on it: its scan ends failed rather than waiting for the sweep.
    onError: (error, job) => {
      options.onJobError?.(error, job.scanId);
      void endAbandonedJob(deps, job.scanId).catch((cause: unknown) => options.onJobError?.(cause, job.scanId));
    },
  });
  const deps: ServiceDeps = {
    scans,
    queue,
    quota: options.quota ?? createUnlimitedQuota({ now: () => clock.now() }),
    clock,
    ids: options.ids ?? createRandomIds(),
    config: { ...DEFAULT_SERVICE_CONFIG, ...options.config },
    sealer: createUrlSealer(options.targetSecret === undefined ? {} : { secret: options.targetSecret }),
    durations: createDurationStats(),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.targets ? { targets: options.targets } : {}),
    ...(options.observer ? { observer: options.observer } : {}),
  };
  bindJobSlot(deps, slot);
  return {
    deps,
    close: async (closeOptions = {}) => {
      slot.stopSweep?.();
      shuttingDown = true;
      wake(null);
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
