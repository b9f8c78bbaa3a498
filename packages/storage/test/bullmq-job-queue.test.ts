import { randomUUID } from "node:crypto";
import type { JobQueue, JobQueueHandlers, ScanJobMessage } from "@public-scan/core";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createBullmqJobQueue, type BullmqJobQueueOptions } from "../src/redis/index.js";
import { describeJobQueue } from "../src/testing/index.js";
import { releaseTestRedis, scanKeys, sharedTestRedis, TEST_REDIS, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

// BullMQ joins `<prefix>:<queue>:…` itself, so the run's prefix goes in without its trailing colon.
const keyPrefix = uniqueRedisPrefix("bullmq");
const prefix = keyPrefix.slice(0, -1);
const opened: JobQueue[] = [];
let queues = 0;

afterEach(async () => {
  await Promise.all(opened.splice(0).map((queue) => queue.close({ force: true })));
});
afterAll(() => releaseTestRedis(keyPrefix));

/** Options of a queue of its own per test: short locks and backoff keep the file fast. */
async function queueOptions(overrides: BullmqJobQueueOptions = {}): Promise<BullmqJobQueueOptions> {
  // Fails (never skips) each test with a clear message when Redis is not there.
  await sharedTestRedis();
  queues += 1;
  return {
    connection: { ...TEST_REDIS },
    prefix,
    queueName: `q${queues}`,
    backoffMs: 10,
    lockDurationMs: 1000,
    stalledIntervalMs: 200,
    ...overrides,
  };
}

function open(options: BullmqJobQueueOptions, handlers: JobQueueHandlers): JobQueue {
  const queue = createBullmqJobQueue(options)(handlers);
  opened.push(queue);
  return queue;
}

/** A promise the test resolves by hand: a handler that waits on it stays "running". */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A worker that dies mid-job: BullMQ's own Worker, closed with force, so it neither waits for its running
 * job nor renews that job's lock (what kill -9 of a worker process leaves behind).
 */
async function dyingWorker(
  options: BullmqJobQueueOptions,
  job: { started: (scanId: string) => void; stuck: ReturnType<typeof gate> },
): Promise<{ die: () => Promise<void> }> {
  const { Worker } = await import("bullmq");
  const worker = new Worker(
    options.queueName!,
    async (running: { data: { scanId: string } }) => {
      job.started(running.data.scanId);
      await job.stuck.opened;
    },
    {
      connection: { ...TEST_REDIS },
      prefix,
      lockDuration: options.lockDurationMs!,
      stalledInterval: options.stalledIntervalMs!,
      maxStalledCount: options.maxStalledCount ?? 2,
    },
  );
  worker.on("error", () => undefined);
  return { die: () => worker.close(true) };
}

// The port's promises, as the in-process queue keeps them (in-process-job-queue.test.ts).
describeJobQueue("bullmq", async ({ namespace }) => createBullmqJobQueue(await queueOptions({ queueName: namespace })));

describe("BullMQ job queue", () => {
  it("runs an enqueued job once, then drains (connected by URL)", async () => {
    const ran: string[] = [];
    const queue = open(await queueOptions({ connection: `redis://${TEST_REDIS.host}:${TEST_REDIS.port}` }), {
      handler: ({ scanId }) => Promise.resolve(void ran.push(scanId)),
    });
    const scanId = randomUUID();
    await queue.enqueue({ scanId });
    await queue.drain();
    await sleep(100);
    expect(ran).toEqual([scanId]);
  });

  it("adds one job for a scan enqueued five times while it waits or runs, and a new one after it finished", async () => {
    const ran: string[] = [];
    const release = gate();
    const queue = open(await queueOptions(), {
      handler: async ({ scanId }) => {
        ran.push(scanId);
        await release.opened;
      },
    });
    const scanId = randomUUID();
    for (let index = 0; index < 5; index += 1) await queue.enqueue({ scanId });
    await waitFor(() => ran.length === 1);
    await queue.enqueue({ scanId });
    release.open();
    await queue.drain();
    expect(ran).toEqual([scanId]);
    // A finished job kept for inspection does not block queueing the scan again (recovery does that).
    await queue.enqueue({ scanId });
    await queue.drain();
    expect(ran).toEqual([scanId, scanId]);
  });

  it("retries a handler that throws up to `attempts` times, then reports the last error once", async () => {
    let runs = 0;
    const reported: Array<{ error: unknown; scanId: string }> = [];
    const queue = open(await queueOptions({ attempts: 3 }), {
      handler: () => Promise.reject(new Error(`run ${(runs += 1)} failed`)),
      onError: (error, { scanId }) => reported.push({ error, scanId }),
    });
    const scanId = randomUUID();
    await queue.enqueue({ scanId });
    await queue.drain();
    await sleep(100);
    expect(runs).toBe(3);
    expect(reported).toHaveLength(1);
    expect(reported[0]?.scanId).toBe(scanId);
    expect(String(reported[0]?.error)).toMatch(/run 3 failed/);
  });

  it("shares jobs between two workers without running any twice", async () => {
    const options = await queueOptions();
    const runs = new Map<string, number>();
    const byWorker = [0, 0];
    const worker = (index: number) =>
      open(
        { ...options, role: "worker" },
        {
          handler: async ({ scanId }) => {
            runs.set(scanId, (runs.get(scanId) ?? 0) + 1);
            byWorker[index] = (byWorker[index] ?? 0) + 1;
            await sleep(30);
          },
        },
      );
    worker(0);
    worker(1);
    const producer = open({ ...options, role: "producer" }, { handler: () => Promise.reject(new Error("never run here")) });
    const scanIds = Array.from({ length: 20 }, () => randomUUID());
    for (const scanId of scanIds) await producer.enqueue({ scanId });
    await producer.drain();
    await sleep(100);
    expect([...runs.keys()].sort()).toEqual([...scanIds].sort());
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(byWorker.every((count) => count > 0)).toBe(true);
  });

  it("never runs the handler in a producer-only process", async () => {
    const options = await queueOptions({ role: "producer" });
    let runs = 0;
    const producer = open(options, { handler: () => Promise.resolve(void (runs += 1)) });
    const scanId = randomUUID();
    await producer.enqueue({ scanId });
    await sleep(300);
    expect(runs).toBe(0);
    const admin = await sharedTestRedis();
    expect(await admin.lrange(`${prefix}:${options.queueName}:wait`, 0, -1)).toEqual([scanId]);
  });

  it("hands a job whose worker died mid-run to another worker", async () => {
    const options = await queueOptions({ role: "worker", lockDurationMs: 500 });
    const stuck = gate();
    const first: string[] = [];
    const dying = await dyingWorker(options, { started: (scanId) => first.push(scanId), stuck });
    const producer = open({ ...options, role: "producer" }, { handler: () => Promise.resolve() });
    const scanId = randomUUID();
    await producer.enqueue({ scanId });
    await waitFor(() => first.length === 1);
    await dying.die();
    const second: ScanJobMessage[] = [];
    open(options, { handler: (job) => Promise.resolve(void second.push(job)) });
    await waitFor(() => second.length === 1);
    // The handler is told its job was lost by a worker, so it may take over a scan still marked running.
    expect(second).toEqual([{ scanId, redelivered: true }]);
    expect(first).toEqual([scanId]);
    stuck.open();
  });

  it("reports a job that failed because its workers kept dying (stalled past the limit) to onError", async () => {
    const options = await queueOptions({ role: "worker", lockDurationMs: 300, stalledIntervalMs: 150, maxStalledCount: 1 });
    const stuck = gate();
    const started: string[] = [];
    const producer = open({ ...options, role: "producer" }, { handler: () => Promise.resolve() });
    const scanId = randomUUID();
    await producer.enqueue({ scanId });
    // Two workers die mid-job in turn: the first stall requeues it, the second exceeds maxStalledCount.
    for (let death = 1; death <= 2; death += 1) {
      const worker = await dyingWorker(options, { started: (id) => started.push(id), stuck });
      await waitFor(() => started.length === death);
      await worker.die();
    }
    const reported: Array<{ scanId: string; message: string }> = [];
    open(options, {
      handler: () => Promise.resolve(),
      onError: (error, job) => reported.push({ scanId: job.scanId, message: error instanceof Error ? error.message : String(error) }),
    });
    await waitFor(() => reported.length === 1);
    expect(reported[0]).toEqual({ scanId, message: expect.stringContaining("stalled more than allowable limit") });
    await sleep(300);
    expect(reported).toHaveLength(1);
    stuck.open();
  });

  it("puts a job handed back at shutdown back in the queue, for another worker, without a failed attempt", async () => {
    const options = await queueOptions({ role: "worker", attempts: 1 });
    const shuttingDown = gate();
    const first: string[] = [];
    const errors: unknown[] = [];
    const leaving = open(options, {
      handler: async ({ scanId }) => {
        first.push(scanId);
        await shuttingDown.opened;
        return "handed_back";
      },
      onError: (error) => errors.push(error),
    });
    const producer = open({ ...options, role: "producer" }, { handler: () => Promise.resolve() });
    const scanId = randomUUID();
    await producer.enqueue({ scanId });
    await waitFor(() => first.length === 1);
    // close waits for the running handler, which hands its job back when its process stops it.
    const closing = leaving.close({ force: true });
    await sleep(100);
    shuttingDown.open();
    await closing;
    const second: string[] = [];
    open(options, { handler: (job) => Promise.resolve(void second.push(job.scanId)) });
    await waitFor(() => second.length === 1);
    expect(second).toEqual([scanId]);
    // With attempts: 1, a counted failure would have ended the job: it was not one.
    expect(errors).toEqual([]);
    const admin = await sharedTestRedis();
    expect(await admin.hget(`${prefix}:${options.queueName}:${scanId}`, "failedReason")).toBeNull();
  });

  it("lets running jobs finish on close without force, and takes no job after", async () => {
    const release = gate();
    let finished = false;
    const queue = open(await queueOptions(), {
      handler: async () => {
        await release.opened;
        finished = true;
      },
    });
    await queue.enqueue({ scanId: randomUUID() });
    await sleep(200);
    const closing = queue.close();
    await sleep(100);
    expect(finished).toBe(false);
    release.open();
    await closing;
    expect(finished).toBe(true);
    await expect(queue.enqueue({ scanId: randomUUID() })).rejects.toThrow(/closed/);
  });

  it("closes once: a second close resolves, and enqueue is refused after", async () => {
    const options = await queueOptions();
    const queue = open(options, { handler: () => Promise.resolve() });
    await queue.enqueue({ scanId: randomUUID() });
    await queue.drain();
    await queue.close();
    await queue.close({ force: true });
    await expect(queue.enqueue({ scanId: randomUUID() })).rejects.toThrow(/closed/);
    // Its keys are the prefix, then the queue name.
    const admin = await sharedTestRedis();
    const keys = await scanKeys(admin, keyPrefix);
    expect(keys.some((key) => key.startsWith(`${prefix}:${options.queueName}:`))).toBe(true);
  });

  it("refuses scan ids BullMQ cannot take as job ids, and out-of-range options", async () => {
    const queue = open(await queueOptions({ role: "producer" }), { handler: () => Promise.resolve() });
    for (const scanId of ["a:b", "123", "", "x".repeat(129)]) await expect(queue.enqueue({ scanId })).rejects.toThrow(RangeError);
    for (const attempts of [0, 11, 1.5]) expect(() => createBullmqJobQueue({ attempts })).toThrow(RangeError);
    expect(() => createBullmqJobQueue({ queueName: "a:b" })).toThrow(RangeError);
    expect(() => createBullmqJobQueue({ concurrency: 0 })).toThrow(RangeError);
  });
});
