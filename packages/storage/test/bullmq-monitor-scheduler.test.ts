import type { MonitorScheduler, MonitorTick, MonitorTickOutcome } from "@public-scan/core";
import { Queue } from "bullmq";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createBullmqMonitorScheduler, type BullmqMonitorSchedulerOptions } from "../src/redis/index.js";
import { releaseTestRedis, sharedTestRedis, TEST_REDIS, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

// BullMQ joins `<prefix>:<queue>:…` itself, so the run's prefix goes in without its trailing colon.
const keyPrefix = uniqueRedisPrefix("monitor-scheduler");
const prefix = keyPrefix.slice(0, -1);
const opened: MonitorScheduler[] = [];
let queues = 0;

afterEach(async () => {
  await Promise.all(opened.splice(0).map((scheduler) => scheduler.close()));
});
afterAll(() => releaseTestRedis(keyPrefix));

async function settings(): Promise<BullmqMonitorSchedulerOptions> {
  await sharedTestRedis();
  queues += 1;
  return { connection: { ...TEST_REDIS }, prefix, queueName: `m${queues}`, lockDurationMs: 1000, stalledIntervalMs: 200 };
}

function open(options: BullmqMonitorSchedulerOptions, onTick: (tick: MonitorTick) => Promise<MonitorTickOutcome | void>): MonitorScheduler {
  const scheduler = createBullmqMonitorScheduler(options)(onTick);
  opened.push(scheduler);
  return scheduler;
}

/** Resolves once `count()` reaches `target`, polling; rejects after `ms` (a bound, not a wait). */
async function until(count: () => number, target: number, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (count() < target) {
    if (Date.now() > deadline) throw new Error(`only ${count()} of ${target} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("BullMQ monitor scheduler", () => {
  it("fires each tick once across two workers, a producer registering the schedule", async () => {
    const options = await settings();
    const fired: Array<{ worker: string; tick: MonitorTick }> = [];
    open(options, (tick) => Promise.resolve(void fired.push({ worker: "a", tick })));
    open(options, (tick) => Promise.resolve(void fired.push({ worker: "b", tick })));
    const producer = open({ ...options, role: "producer" }, () => Promise.reject(new Error("a producer runs no tick")));
    await producer.schedule({ monitorId: "6d0e4c1a-2b7f-4f0e-9a51-000000000001", schedule: { kind: "interval", everySeconds: 1 } });
    await until(() => fired.length, 4);
    const ticks = fired.map((entry) => entry.tick.scheduledAt);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(fired.every((entry) => entry.tick.monitorId === "6d0e4c1a-2b7f-4f0e-9a51-000000000001")).toBe(true);
    // The ticks after the first are a second apart (the schedule's, not the moment a worker got to them).
    const later = ticks.slice(1).map((tick) => Date.parse(tick));
    for (let index = 1; index < later.length; index += 1) expect(later[index]! - later[index - 1]!).toBe(1000);
  });

  it("keeps a schedule across restarts, and stops firing once it is removed", async () => {
    const options = await settings();
    const first: MonitorTick[] = [];
    const before = open(options, (tick) => Promise.resolve(void first.push(tick)));
    await before.schedule({ monitorId: "6d0e4c1a-2b7f-4f0e-9a51-000000000002", schedule: { kind: "interval", everySeconds: 1 } });
    await until(() => first.length, 1);
    await before.close();
    // A new process registers nothing: the schedule is in Redis.
    const after: MonitorTick[] = [];
    const restarted = open(options, (tick) => Promise.resolve(void after.push(tick)));
    await until(() => after.length, 2);
    expect(after.every((tick) => !first.some((earlier) => earlier.scheduledAt === tick.scheduledAt))).toBe(true);
    await restarted.unschedule("6d0e4c1a-2b7f-4f0e-9a51-000000000002");
    // Gone from Redis: BullMQ adds no further tick (one already queued may still run).
    const queue = new Queue(options.queueName!, { connection: { ...TEST_REDIS }, prefix });
    try {
      expect(await queue.getJobScheduler("6d0e4c1a-2b7f-4f0e-9a51-000000000002")).toBeUndefined();
      expect(await queue.getJobSchedulersCount()).toBe(0);
    } finally {
      await queue.close();
    }
  });

  it("takes a run up again with a delayed job at the time it asked for, on another worker once the first is gone", async () => {
    const options = await settings();
    const monitorId = "6d0e4c1a-2b7f-4f0e-9a51-000000000003";
    const passes: Array<{ worker: string; tick: MonitorTick; at: number }> = [];
    let asked = 0;
    // The first pass of the first tick asks to be run again 1.5 s later, then its worker goes away.
    const first = open(options, (tick) => {
      passes.push({ worker: "first", tick, at: Date.now() });
      if (passes.length > 1) return Promise.resolve();
      asked = Date.now() + 1_500;
      return Promise.resolve({ resumeAt: new Date(asked).toISOString() });
    });
    // One tick's job, as a job scheduler adds it (its id carries the tick's time).
    const queue = new Queue(options.queueName!, { connection: { ...TEST_REDIS }, prefix });
    try {
      await queue.add("tick", { monitorId }, { jobId: `repeat:${monitorId}:${Date.UTC(2026, 11, 7, 10)}` });
      await until(() => passes.length, 1);
      await first.close();
      const second = open(options, (tick) => Promise.resolve(void passes.push({ worker: "second", tick, at: Date.now() })));
      await until(() => passes.length, 2);
      expect(passes[1]).toMatchObject({ worker: "second", tick: passes[0]!.tick });
      expect(passes[0]!.tick.scheduledAt).toBe("2026-12-07T10:00:00.000Z");
      expect(passes[1]!.at).toBeGreaterThanOrEqual(asked - 50);
      await second.close();
    } finally {
      await queue.close();
    }
  });
});
