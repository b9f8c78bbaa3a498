import { createInProcessJobQueue, type JobQueue, type JobQueueHandlers } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { JOB_QUEUE_CASES, type JobQueueCaseName } from "../src/testing/index.js";

/** The flaws a hand-rolled queue typically has; each broken queue below has exactly one. */
interface Flaws {
  /** Runs every enqueue, even of a scan already waiting or running. */
  noDedupe?: boolean;
  /** Resolves drain (and close) at once, without waiting for running jobs. */
  noWait?: boolean;
  /** Lets a handler's error escape instead of reporting it. */
  swallowsErrors?: boolean;
  /** Reports an empty queue whatever it holds. */
  noDepth?: boolean;
}

function brokenQueue(flaws: Flaws, handlers: JobQueueHandlers): JobQueue {
  const inner = createInProcessJobQueue({ ...handlers, concurrency: 2, onError: flaws.swallowsErrors ? undefined : handlers.onError });
  let closed = false;
  return {
    enqueue: (job) => {
      if (closed) return Promise.reject(new Error("job queue is closed"));
      if (flaws.noDedupe) void handlers.handler(job).catch(() => undefined);
      return flaws.noDedupe ? Promise.resolve() : inner.enqueue(job);
    },
    drain: () => (flaws.noWait ? Promise.resolve() : inner.drain()),
    depth: () => (flaws.noDepth ? Promise.resolve({ waiting: 0, running: 0 }) : inner.depth()),
    close: (options) => {
      closed = true;
      return flaws.noWait ? Promise.resolve() : inner.close(options);
    },
  };
}

const CAUGHT: [bug: string, caseName: JobQueueCaseName, flaws: Flaws][] = [
  ["no de-duplication", "a scan enqueued again while it waits or runs is run once", { noDedupe: true }],
  ["a drain that does not wait", "drain resolves only after the running job finished", { noWait: true }],
  ["a close that does not wait", "close lets the running job finish, and enqueue is refused after", { noWait: true }],
  ["a depth that counts nothing", "depth counts the running job, and nothing once it finished", { noDepth: true }],
  ["unreported errors", "a handler that throws is reported to onError once, and the queue goes on", { swallowsErrors: true }],
];

async function runCase(caseName: JobQueueCaseName, open: (handlers: JobQueueHandlers) => JobQueue): Promise<void> {
  const queues: JobQueue[] = [];
  try {
    await JOB_QUEUE_CASES[caseName]({ open: (handlers) => (queues.push(open(handlers)), queues.at(-1)!) });
  } finally {
    await Promise.all(queues.map((queue) => queue.close({ force: true })));
  }
}

describe("the JobQueue conformance suite", () => {
  it.each(CAUGHT)("catches %s in the case %s", async (_bug, caseName, flaws) => {
    await expect(runCase(caseName, (handlers) => brokenQueue(flaws, handlers))).rejects.toThrow();
    await expect(runCase(caseName, (handlers) => createInProcessJobQueue({ ...handlers, concurrency: 2 }))).resolves.toBeUndefined();
  });
});
