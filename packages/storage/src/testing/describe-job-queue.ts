import { randomUUID } from "node:crypto";
import type { JobQueue, JobQueueFactory, JobQueueHandlers } from "@public-scan/core";
import { expect } from "vitest";
import { describeConformance, type StoreFactory } from "./describe-conformance.js";

export interface JobQueueCaseContext {
  /** A queue around `handlers` on the case's own queue (closed with force after the case). */
  readonly open: (handlers: JobQueueHandlers) => JobQueue;
}

/** One conformance case: throws (a failed `expect`) when the queue does not conform. */
export type JobQueueCase = (context: JobQueueCaseContext) => Promise<void>;

/** A JobQueueFactory per namespace: calls with different namespaces must never share jobs. */
export type JobQueueSuiteFactory = StoreFactory<JobQueueFactory>;

/** A promise the case opens by hand: a handler that waits on it stays running. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 5000) throw new Error("the queue did not start the job within 5 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A queue whose one job has started and runs until the case releases it. */
async function holdOneJob(open: JobQueueCaseContext["open"]) {
  const release = gate();
  let started = false;
  let finished = false;
  const queue = open({
    handler: async () => {
      started = true;
      await release.opened;
      finished = true;
    },
  });
  await queue.enqueue({ scanId: randomUUID() });
  await until(() => started);
  return { queue, release: release.open, finished: () => finished };
}

/** Whether `promise` is still pending 100 ms from now. */
async function stillPendingAfterAMoment(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 100));
  return !settled;
}

/** The JobQueue port's promises, as every queue (in-process, BullMQ) keeps them. */
export const JOB_QUEUE_CASES = {
  "runs an enqueued job once, and drain waits for it": async ({ open }) => {
    const ran: string[] = [];
    const queue = open({ handler: ({ scanId }) => Promise.resolve(void ran.push(scanId)) });
    const scanId = randomUUID();
    await queue.enqueue({ scanId });
    await queue.drain();
    expect(ran).toEqual([scanId]);
  },

  "a scan enqueued again while it waits or runs is run once": async ({ open }) => {
    const ran: string[] = [];
    const release = gate();
    const queue = open({
      handler: async ({ scanId }) => {
        ran.push(scanId);
        await release.opened;
      },
    });
    const scanId = randomUUID();
    for (let index = 0; index < 3; index += 1) await queue.enqueue({ scanId });
    await until(() => ran.length > 0);
    await queue.enqueue({ scanId });
    release.open();
    await queue.drain();
    expect(ran).toEqual([scanId]);
  },

  "a handler that throws is reported to onError once, and the queue goes on": async ({ open }) => {
    const failing = randomUUID();
    const reported: string[] = [];
    const ran: string[] = [];
    const queue = open({
      handler: ({ scanId }) => (scanId === failing ? Promise.reject(new Error("boom")) : Promise.resolve(void ran.push(scanId))),
      onError: (error, { scanId }) => reported.push(`${scanId}: ${String(error)}`),
    });
    const next = randomUUID();
    await queue.enqueue({ scanId: failing });
    await queue.enqueue({ scanId: next });
    await queue.drain();
    expect(reported).toEqual([`${failing}: Error: boom`]);
    expect(ran).toEqual([next]);
  },

  "drain resolves only after the running job finished": async ({ open }) => {
    const held = await holdOneJob(open);
    const draining = held.queue.drain();
    expect(await stillPendingAfterAMoment(draining)).toBe(true);
    held.release();
    await draining;
    expect(held.finished()).toBe(true);
  },

  "close lets the running job finish, and enqueue is refused after": async ({ open }) => {
    const held = await holdOneJob(open);
    const closing = held.queue.close();
    expect(await stillPendingAfterAMoment(closing)).toBe(true);
    held.release();
    await closing;
    expect(held.finished()).toBe(true);
    await expect(held.queue.enqueue({ scanId: randomUUID() })).rejects.toThrow(/closed/);
  },

  "depth counts the running job, and nothing once it finished": async ({ open }) => {
    const held = await holdOneJob(open);
    // Released whatever depth says: a job left running would hold the case's queue open forever.
    const running = await held.queue.depth().finally(held.release);
    expect(running).toEqual({ waiting: 0, running: 1 });
    await held.queue.drain();
    expect(await held.queue.depth()).toEqual({ waiting: 0, running: 0 });
  },
} satisfies Record<string, JobQueueCase>;

export type JobQueueCaseName = keyof typeof JOB_QUEUE_CASES;

/**
 * The JobQueue conformance suite: one vitest test per case, each on a queue of its own namespace. Every
 * queue a case opened is closed with force afterwards.
 */
export function describeJobQueue(name: string, factory: JobQueueSuiteFactory): void {
  describeConformance<{ factory: JobQueueFactory; close(): Promise<void> }, JobQueueCase>({
    suite: `JobQueue conformance: ${name}`,
    cases: JOB_QUEUE_CASES,
    namespacePrefix: "jobs",
    factory: async (input) => {
      const queueFactory = await factory(input);
      const queues: JobQueue[] = [];
      return {
        factory: (handlers: JobQueueHandlers) => {
          const queue = queueFactory(handlers);
          queues.push(queue);
          return queue;
        },
        close: async () => void (await Promise.all(queues.map((queue) => queue.close({ force: true })))),
      };
    },
    run: (testCase, { store }) => testCase({ open: store.factory }),
  });
}
