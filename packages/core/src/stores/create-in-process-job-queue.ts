import type { JobOutcome, JobQueue, ScanJobMessage } from "../ports/job-queue.js";

export interface InProcessJobQueueOptions {
  /** Runs one job. A throw fails that job alone; the queue goes on. */
  handler: (job: ScanJobMessage) => Promise<JobOutcome | void>;
  /** Jobs running at the same time. */
  concurrency: number;
  /** Called with what a handler threw, for logging; the error never stops the queue. */
  onError?: (error: unknown, job: ScanJobMessage) => void;
}

/**
 * The default JobQueue: jobs run in this process with bounded concurrency, in arrival order. A job already
 * waiting or running for the same scan is not queued twice. Nothing survives the process: jobs left
 * running by a process that died are found at start by `recoverInterruptedScans`.
 */
export function createInProcessJobQueue(options: InProcessJobQueueOptions): JobQueue {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) throw new Error("concurrency must be a positive integer");
  const waiting: ScanJobMessage[] = [];
  const running = new Set<string>();
  let accepting = true;
  let idle: Array<() => void> = [];

  const settleIdle = () => {
    if (waiting.length === 0 && running.size === 0) {
      for (const resolve of idle) resolve();
      idle = [];
    }
  };
  const pump = () => {
    while (running.size < options.concurrency && waiting.length > 0) {
      const job = waiting.shift()!;
      running.add(job.scanId);
      void options
        .handler(job)
        .catch((error: unknown) => options.onError?.(error, job))
        .finally(() => {
          running.delete(job.scanId);
          pump();
          settleIdle();
        });
    }
    settleIdle();
  };

  return {
    enqueue(job) {
      if (!accepting) return Promise.reject(new Error("job queue is closed"));
      if (!running.has(job.scanId) && !waiting.some((queued) => queued.scanId === job.scanId)) waiting.push({ ...job });
      pump();
      return Promise.resolve();
    },
    drain: () =>
      new Promise<void>((resolve) => {
        idle.push(resolve);
        settleIdle();
      }),
    depth: () => Promise.resolve({ waiting: waiting.length, running: running.size }),
    async close(closeOptions) {
      accepting = false;
      // Forced: jobs not started are dropped (their records stay queued, and recovery finds them).
      if (closeOptions?.force) waiting.length = 0;
      if (running.size > 0 || waiting.length > 0) await new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
