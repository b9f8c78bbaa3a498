import type { JobQueue, JobQueueHandlers, ScanJobMessage } from "../../../src/ports/job-queue.js";

/**
 * A queue as a host would bring one (BullMQ, SQS): it records what it is given, and runs the recorded jobs
 * through the handler it was built with only when a test says so (`runAll`), or leaves them to be delivered
 * by hand, as SQS delivers them to a worker function.
 */
export function recordingQueue() {
  const enqueued: ScanJobMessage[] = [];
  let handlers: JobQueueHandlers | null = null;
  const queue: JobQueue = {
    enqueue: (job) => (enqueued.push(job), Promise.resolve()),
    drain: () => Promise.resolve(),
    close: () => Promise.resolve(),
    depth: () => Promise.resolve({ waiting: enqueued.length, running: 0 }),
  };
  return {
    enqueued,
    factory: (given: JobQueueHandlers) => ((handlers = given), queue),
    runAll: async () => {
      for (const job of enqueued.splice(0)) await handlers!.handler(job);
    },
  };
}
