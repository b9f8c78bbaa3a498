import type { JobOutcome, JobQueue, JobQueueFactory, JobQueueHandlers, ScanJobMessage } from "@public-scan/core";
import type { ConnectionOptions, DelayedError, Job, Queue, Worker } from "bullmq";
import type { RedisOptions } from "ioredis";

export interface BullmqJobQueueOptions {
  /** Options or URL for the connections BullMQ opens (and closes on close()); bullmq is loaded lazily. */
  readonly connection?: RedisOptions | string;
  /** Default `public-scan-scans`. Producers and workers of one queue share it. */
  readonly queueName?: string;
  /** BullMQ's key prefix (default `public-scan`): keys are `<prefix>:<queueName>:…`. */
  readonly prefix?: string;
  /**
   * `producer`: only enqueues (an API process; the handler is never run here). `worker`: runs jobs.
   * `both` (default): one process that does both.
   */
  readonly role?: "producer" | "worker" | "both";
  /** Jobs one worker runs at the same time (default 2). */
  readonly concurrency?: number;
  /** Runs of one job before it fails for good and is reported to onError (default 3, at most 10). */
  readonly attempts?: number;
  /** First retry delay; each retry doubles it (default 1000 ms). */
  readonly backoffMs?: number;
  /** A running job's lock; renewed at half of it while the worker lives (default 30 s). */
  readonly lockDurationMs?: number;
  /** How often a worker looks for jobs whose lock expired (a dead worker's) to run them again (default: lockDurationMs). */
  readonly stalledIntervalMs?: number;
  /** Times a job may be found stalled before it fails instead of running again (default 2). */
  readonly maxStalledCount?: number;
  /** Finished jobs kept for inspection, each bounded (default one day, 1000 jobs). */
  readonly keepFinished?: { readonly ageSeconds: number; readonly count: number };
  /** Told about connection and worker errors that belong to no job (default: ignored; ioredis reconnects). */
  readonly onQueueError?: (error: unknown) => void;
}

export const DEFAULT_BULLMQ_QUEUE_NAME = "public-scan-scans";
const MAX_ATTEMPTS = 10;
const DRAIN_POLL_MS = 50;
// Every state in which a job is still to run or running (delayed: waiting out a retry's backoff).
const UNFINISHED_STATES = ["waiting", "active", "delayed", "prioritized", "waiting-children"] as const;

/**
 * A JobQueue on BullMQ (Redis), for several worker processes. The job id is the scan id, so a scan waiting or
 * running is not queued twice; a scan whose job already finished can be queued again (recovery does that).
 * A worker that dies mid-job loses its lock, and another worker's stalled-job check runs the job again; the
 * job itself is idempotent (runScanJob's compare-and-set). A handler that throws is retried with exponential
 * backoff, then reported to onError; one that hands its job back at shutdown puts it back in the queue.
 */
export function createBullmqJobQueue(options: BullmqJobQueueOptions = {}): JobQueueFactory {
  const settings = toSettings(options);
  return (handlers) => openBullmqJobQueue(settings, handlers);
}

type Settings = ReturnType<typeof toSettings>;

function toSettings(options: BullmqJobQueueOptions) {
  const positive = (name: string, value: number) => {
    if (!Number.isInteger(value) || value < 1) throw new RangeError(`${name} must be a positive integer`);
    return value;
  };
  const attempts = positive("attempts", options.attempts ?? 3);
  if (attempts > MAX_ATTEMPTS) throw new RangeError(`attempts must be at most ${MAX_ATTEMPTS}`);
  const queueName = options.queueName ?? DEFAULT_BULLMQ_QUEUE_NAME;
  // BullMQ builds keys as `<prefix>:<name>:…`: a colon in the name would read as another queue's keys.
  if (!/^[\w.-]+$/.test(queueName)) throw new RangeError("queueName may hold letters, digits, '_', '.' and '-' only");
  const lockDurationMs = positive("lockDurationMs", options.lockDurationMs ?? 30_000);
  const keep = options.keepFinished ?? { ageSeconds: 24 * 3600, count: 1000 };
  return {
    // BullMQ types its own subset of the ioredis options (retryStrategy's return type differs), and passes
    // them to ioredis unchanged.
    connection: (typeof options.connection === "string" ? { url: options.connection } : { ...options.connection }) as ConnectionOptions,
    queueName,
    prefix: options.prefix ?? "public-scan",
    role: options.role ?? "both",
    concurrency: positive("concurrency", options.concurrency ?? 2),
    attempts,
    backoffMs: positive("backoffMs", options.backoffMs ?? 1000),
    lockDurationMs,
    stalledIntervalMs: positive("stalledIntervalMs", options.stalledIntervalMs ?? lockDurationMs),
    maxStalledCount: positive("maxStalledCount", options.maxStalledCount ?? 2),
    keep: { age: positive("keepFinished.ageSeconds", keep.ageSeconds), count: positive("keepFinished.count", keep.count) },
    onQueueError: options.onQueueError ?? (() => undefined),
  };
}

/** A scan id as a BullMQ job id: BullMQ refuses integers and ids with ':' (its own repeat-job ids). */
function toJobId(scanId: string): string {
  if (!/^[\w-]{1,128}$/.test(scanId) || /^\d+$/.test(scanId)) {
    throw new RangeError("scanId must be 1-128 letters, digits, '_' or '-', and not a number");
  }
  return scanId;
}

function openBullmqJobQueue(settings: Settings, handlers: JobQueueHandlers): JobQueue {
  let closing: Promise<void> | undefined;
  const base = { connection: settings.connection, prefix: settings.prefix };
  const opened = import("bullmq").then(({ Queue, Worker, DelayedError }) => {
    const queue: Queue = new Queue(settings.queueName, base);
    queue.on("error", settings.onQueueError);
    const worker =
      settings.role === "producer" || closing !== undefined ? undefined : startWorker({ Worker, DelayedError }, settings, handlers);
    // A job whose workers kept dying is failed by the next worker that takes it (BullMQ's stalled check marks
    // it, and that worker fails it with an UnrecoverableError without calling the handler): report it then,
    // like a handler's last error. The handler's own errors are reported in the processor.
    worker?.on("failed", (job: Job<ScanJobMessage> | undefined, error: Error) => {
      if (job === undefined || error.name !== "UnrecoverableError") return;
      const reason = `${error.message} (its workers stopped mid-run more than ${settings.maxStalledCount} times)`;
      handlers.onError?.(new Error(`scan job ${job.id} failed: ${reason}`), { scanId: job.data.scanId });
    });
    return { queue, worker };
  });
  // A failed load or connection surfaces on the next enqueue or drain, never as an unhandled rejection.
  opened.catch(settings.onQueueError);

  return {
    async enqueue(job: ScanJobMessage) {
      if (closing !== undefined) throw new Error("job queue is closed");
      const jobId = toJobId(job.scanId);
      const { queue } = await opened;
      // A finished job kept for inspection holds its id: queueing the scan again replaces it. Producers racing
      // here still leave one job: `add` is a no-op for an id that exists, and `remove` spares a running job.
      const state = await queue.getJobState(jobId);
      if (state === "completed" || state === "failed") await queue.remove(jobId);
      await queue.add(
        "scan",
        { scanId: job.scanId },
        {
          jobId,
          attempts: settings.attempts,
          backoff: { type: "exponential", delay: settings.backoffMs },
          removeOnComplete: settings.keep,
          removeOnFail: settings.keep,
        },
      );
    },
    async drain() {
      const { queue } = await opened;
      for (;;) {
        const counts = await queue.getJobCounts(...UNFINISHED_STATES);
        if (Object.values(counts).every((count) => count === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
      }
    },
    async depth() {
      const { queue } = await opened;
      const counts = await queue.getJobCounts(...UNFINISHED_STATES);
      const running = counts.active ?? 0;
      return { waiting: Object.values(counts).reduce((sum, count) => sum + count, 0) - running, running };
    },
    close() {
      closing ??= opened.then(
        async ({ queue, worker }) => {
          // Running handlers are waited for (the port's rule; a host aborts them to hand their scans back).
          // Waiting jobs stay in Redis for the other workers, with or without force.
          await worker?.close();
          await queue.close();
        },
        () => undefined,
      );
      return closing;
    },
  };
}

function startWorker(
  bullmq: { Worker: typeof Worker; DelayedError: typeof DelayedError },
  settings: Settings,
  handlers: JobQueueHandlers,
): Worker {
  const { Worker: WorkerClass, DelayedError: DelayedErrorClass } = bullmq;
  const worker = new WorkerClass(
    settings.queueName,
    async (job: Job<ScanJobMessage>, token?: string) => {
      // Run before, and lost by its worker (stalled: the lock expired), or retried after a throw: the scan may
      // still say running, and the handler takes it over.
      const redelivered = job.stalledCounter > 0 || job.attemptsMade > 0;
      const message: ScanJobMessage = { scanId: job.data.scanId, ...(redelivered ? { redelivered } : {}) };
      let outcome: JobOutcome | void;
      try {
        outcome = await handlers.handler(message);
      } catch (error) {
        // attemptsMade counts the runs before this one: the last run's error is the job's.
        if (job.attemptsMade + 1 >= settings.attempts) handlers.onError?.(error, message);
        throw error;
      }
      // Handed back at shutdown: the job waits again for another worker, and no failed attempt is counted
      // (BullMQ's way: move the job to delayed, due now, and throw its DelayedError).
      if (outcome === "handed_back") {
        await job.moveToDelayed(Date.now(), token);
        throw new DelayedErrorClass();
      }
    },
    {
      connection: settings.connection,
      prefix: settings.prefix,
      concurrency: settings.concurrency,
      lockDuration: settings.lockDurationMs,
      stalledInterval: settings.stalledIntervalMs,
      maxStalledCount: settings.maxStalledCount,
    },
  );
  worker.on("error", settings.onQueueError);
  return worker;
}
