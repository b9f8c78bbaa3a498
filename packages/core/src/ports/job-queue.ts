/** One unit of work: scan this record. Jobs are idempotent: running one twice never scans twice. */
export interface ScanJobMessage {
  scanId: string;
  /**
   * Set by a queue that runs this job again because the worker that had it lost it (died, or stopped
   * renewing its lock): a scan still marked running by that worker is abandoned, and is taken over.
   */
  redelivered?: boolean;
}

/**
 * The JobQueue port: in-process (default), BullMQ on Redis, SQS on Lambda. `enqueue` returns once the
 * job is accepted; the queue calls the handler it was created with.
 */
export interface JobQueue {
  enqueue(job: ScanJobMessage): Promise<void>;
  /** Resolves when no job is waiting or running (for tests and graceful shutdown). */
  drain(): Promise<void>;
  /**
   * Stops taking jobs, and resolves once the handlers running in this process have returned (a host that
   * wants them to stop sooner aborts them, as createLocalService does after its grace period). Jobs not
   * started yet: by default the in-process queue runs them first; with `force` it drops them (their records
   * stay queued, and recovery queues them again). A shared queue (BullMQ, SQS) leaves them, in both cases, to
   * the other workers.
   */
  close(options?: { force?: boolean }): Promise<void>;
  /**
   * How many jobs wait and run now, for metrics. The in-process queue counts its own; a shared queue counts
   * the whole deployment's (BullMQ: its job counts in Redis; SQS: its approximate message counts).
   */
  depth(): Promise<JobQueueDepth>;
}

/** Jobs waiting (delayed retries included) and running, by a queue's own count. */
export interface JobQueueDepth {
  waiting: number;
  running: number;
}

/**
 * What a handler answers: `handed_back` when it stopped because its process is shutting down and put the
 * job's scan back to queued, so a queue shared with other processes runs the job again elsewhere (without
 * counting a failed attempt); nothing otherwise.
 */
export type JobOutcome = "handed_back" | undefined;

/** What a queue runs for each job, and where it reports what a job threw (the error never stops the queue). */
export interface JobQueueHandlers {
  handler: (job: ScanJobMessage) => Promise<JobOutcome | void>;
  onError?: (error: unknown, job: ScanJobMessage) => void;
}

/**
 * Builds a queue around the service's job handler: how a host picks its queue (in-process, BullMQ, SQS)
 * without building the service's dependencies itself. A queue whose workers run elsewhere may ignore the
 * handler in this process (the workers' own composition passes theirs).
 */
export type JobQueueFactory = (handlers: JobQueueHandlers) => JobQueue;
