/** One unit of work: scan this record. Jobs are idempotent: running one twice never scans twice. */
export interface ScanJobMessage {
  scanId: string;
}

/**
 * The JobQueue port: in-process (default), BullMQ on Redis, SQS on Lambda. `enqueue` returns once the
 * job is accepted; the queue calls the handler it was created with.
 */
export interface JobQueue {
  enqueue(job: ScanJobMessage): Promise<void>;
  /** Resolves when no job is waiting or running (for tests and graceful shutdown). */
  drain(): Promise<void>;
  /** Stops taking jobs; running ones finish unless `force`. */
  close(options?: { force?: boolean }): Promise<void>;
}

/** What a queue runs for each job, and where it reports what a job threw (the error never stops the queue). */
export interface JobQueueHandlers {
  handler: (job: ScanJobMessage) => Promise<void>;
  onError?: (error: unknown, job: ScanJobMessage) => void;
}

/**
 * Builds a queue around the service's job handler: how a host picks its queue (in-process, BullMQ, SQS)
 * without building the service's dependencies itself. A queue whose workers run elsewhere may ignore the
 * handler in this process (the workers' own composition passes theirs).
 */
export type JobQueueFactory = (handlers: JobQueueHandlers) => JobQueue;
