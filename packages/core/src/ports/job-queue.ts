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
