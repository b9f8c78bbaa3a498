import { describe, expect, it } from "vitest";
import type { MonitorTick } from "../../src/ports/monitor-scheduler.js";
import { createInProcessMonitorScheduler } from "../../src/stores/create-in-process-monitor-scheduler.js";

/** Resolves once `count()` reaches `target`, polling; rejects after `ms` (a bound, not a wait). */
async function until(count: () => number, target: number, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (count() < target) {
    if (Date.now() > deadline) throw new Error(`only ${count()} of ${target} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("in-process monitor scheduler (croner)", () => {
  it("fires an interval on its multiples since the epoch, one tick each, until unscheduled", async () => {
    const ticks: MonitorTick[] = [];
    const scheduler = createInProcessMonitorScheduler()((tick) => Promise.resolve(void ticks.push(tick)));
    try {
      await scheduler.schedule({ monitorId: "m1", schedule: { kind: "interval", everySeconds: 1 } });
      await until(() => ticks.length, 3);
      await scheduler.unschedule("m1");
      const times = ticks.map((tick) => Date.parse(tick.scheduledAt));
      for (const time of times) expect(time % 1000).toBe(0);
      for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBe(1000);
      expect(ticks.every((tick) => tick.monitorId === "m1")).toBe(true);
    } finally {
      await scheduler.close();
    }
  });

  it("replaces a monitor's schedule when it is registered again, reports a tick's error, and waits for running ticks on close", async () => {
    const errors: unknown[] = [];
    const ticks: string[] = [];
    let release: () => void = () => undefined;
    const scheduler = createInProcessMonitorScheduler({ onError: (error) => errors.push(error) })((tick) => {
      ticks.push(tick.scheduledAt);
      if (ticks.length === 1) return Promise.reject(new Error("store down"));
      return new Promise<void>((resolve) => (release = resolve));
    });
    await scheduler.schedule({ monitorId: "m2", schedule: { kind: "interval", everySeconds: 1 } });
    await scheduler.schedule({ monitorId: "m2", schedule: { kind: "interval", everySeconds: 1 } });
    await until(() => ticks.length, 2);
    expect(errors).toEqual([new Error("store down")]);
    let closed = false;
    const closing = scheduler.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    await closing;
    // One job per monitor: two registrations never fired one tick twice.
    expect(new Set(ticks).size).toBe(ticks.length);
    await expect(scheduler.schedule({ monitorId: "m3", schedule: { kind: "interval", everySeconds: 1 } })).rejects.toThrow(/closed/);
  });

  it("runs a tick again at the time its run asked for, with the same tick, and drops a pending resume on close", async () => {
    const passes: Array<{ tick: MonitorTick; at: number }> = [];
    const scheduler = createInProcessMonitorScheduler()((tick) => {
      passes.push({ tick, at: Date.now() });
      // The first pass of the first tick is not over: its delivery retries 300 ms later.
      if (passes.length === 1) return Promise.resolve({ resumeAt: new Date(Date.now() + 300).toISOString() });
      return Promise.resolve();
    });
    try {
      await scheduler.schedule({ monitorId: "m4", schedule: { kind: "interval", everySeconds: 1 } });
      await until(() => passes.filter((pass) => pass.tick.scheduledAt === passes[0]?.tick.scheduledAt).length, 2);
      await scheduler.unschedule("m4");
      const resumed = passes.filter((pass) => pass.tick.scheduledAt === passes[0]!.tick.scheduledAt);
      expect(resumed[1]!.at - resumed[0]!.at).toBeGreaterThanOrEqual(290);
    } finally {
      await scheduler.close();
    }

    let fired = 0;
    const closing = createInProcessMonitorScheduler()(() => {
      fired += 1;
      return Promise.resolve({ resumeAt: new Date(Date.now() + 200).toISOString() });
    });
    await closing.schedule({ monitorId: "m5", schedule: { kind: "interval", everySeconds: 1 } });
    await until(() => fired, 1);
    await closing.close();
    // A resume left at close is dropped (the host's next start resumes the run): nothing fires after it was
    // due. A window for an absence, three times the delay; a late timer would show here.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(fired).toBe(1);
  });
});
