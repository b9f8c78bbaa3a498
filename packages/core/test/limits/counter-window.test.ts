import { describe, expect, it } from "vitest";
import { assertConsumeInput, evaluateConsume, timeUntilFree } from "../../src/limits/evaluate-consume.js";
import { toCounterExpiry, toRollingBucketMs, toWindowLabel } from "../../src/limits/counter-window.js";
import { nextUtcMidnight, startOfUtcDay } from "../../src/limits/counter-window.js";

const MIDNIGHT = Date.UTC(2026, 7, 15);

describe("counter windows", () => {
  it("expires rolling units one window after the end of their bucket, and utc_day units at the next 00:00 UTC", () => {
    const tenMinutes = { kind: "rolling", ms: 600_000 } as const;
    // Buckets of 30 s (a twentieth of 10 minutes), aligned on the epoch: MIDNIGHT is a boundary.
    expect(toRollingBucketMs(600_000)).toBe(30_000);
    expect(toCounterExpiry({ window: tenMinutes, at: MIDNIGHT })).toBe(MIDNIGHT + 600_000);
    expect(toCounterExpiry({ window: tenMinutes, at: MIDNIGHT + 1 })).toBe(MIDNIGHT + 630_000);
    expect(toCounterExpiry({ window: tenMinutes, at: MIDNIGHT + 29_999 })).toBe(MIDNIGHT + 630_000);
    expect(toCounterExpiry({ window: tenMinutes, at: MIDNIGHT - 5 })).toBe(MIDNIGHT + 600_000);
    // A window that twenty does not divide gets wider buckets, never narrower: 1001 ms -> 51 ms.
    expect(toRollingBucketMs(1001)).toBe(51);
    expect(toCounterExpiry({ window: { kind: "rolling", ms: 1001 }, at: 52 })).toBe(102 + 1001);
    expect(toRollingBucketMs(7)).toBe(1);
    expect(toCounterExpiry({ window: { kind: "rolling", ms: 7 }, at: 5 })).toBe(12);
    expect(toCounterExpiry({ window: { kind: "utc_day" }, at: MIDNIGHT - 1 })).toBe(MIDNIGHT);
    expect(toCounterExpiry({ window: { kind: "utc_day" }, at: MIDNIGHT })).toBe(MIDNIGHT + 86_400_000);
    expect(startOfUtcDay(MIDNIGHT + 86_399_999)).toBe(MIDNIGHT);
    expect(nextUtcMidnight(MIDNIGHT + 1)).toBe(MIDNIGHT + 86_400_000);
  });

  it("labels windows as ISO 8601 durations or utc_day", () => {
    expect(toWindowLabel({ kind: "rolling", ms: 600_000 })).toBe("PT10M");
    expect(toWindowLabel({ kind: "rolling", ms: 86_400_000 })).toBe("PT24H");
    expect(toWindowLabel({ kind: "rolling", ms: 60_000 })).toBe("PT1M");
    expect(toWindowLabel({ kind: "rolling", ms: 90_000 })).toBe("PT90S");
    expect(toWindowLabel({ kind: "rolling", ms: 1500 })).toBe("PT1.5S");
    expect(toWindowLabel({ kind: "utc_day" })).toBe("utc_day");
  });

  it("finds the exact wait in a sliding log, or none", () => {
    const entries = [
      { expiresAt: 1000, units: 2 },
      { expiresAt: 1100, units: 1 },
      { expiresAt: 1200, units: 2 },
    ];
    expect(timeUntilFree({ entries, now: 300, excess: 2 })).toBe(700);
    expect(timeUntilFree({ entries, now: 300, excess: 3 })).toBe(800);
    expect(timeUntilFree({ entries, now: 300, excess: 6 })).toBe(Number.POSITIVE_INFINITY);
    expect(timeUntilFree({ entries, now: 300, excess: 0 })).toBe(0);
  });

  it("evaluates a request: first exceeded check, longest wait, and reads entries only when needed", () => {
    const window = { kind: "rolling", ms: 1000 } as const;
    const read: number[] = [];
    const liveEntries = (index: number) => {
      read.push(index);
      return [{ expiresAt: index === 1 ? 400 : 900, units: 5 }];
    };
    const checks = [
      { key: "ok", limit: 10, window, units: 1 },
      { key: "a", limit: 5, window, units: 1 },
      { key: "b", limit: 5, window, units: 1 },
    ];
    expect(evaluateConsume({ checks, usage: [0, 5, 5], now: 100, liveEntries })).toEqual({
      allowed: false,
      failed: 1,
      usage: 5,
      retryAfterMs: 800,
    });
    expect(read).toEqual([1, 2]);
    expect(evaluateConsume({ checks, usage: [3, 1, 4], now: 100, liveEntries })).toEqual({ allowed: true, usage: [4, 2, 5] });
    expect(read).toEqual([1, 2]);
  });

  it.each([
    ["no checks", { checks: [], now: 0 }],
    ["a fractional now", { checks: [{ key: "k", limit: 1, window: { kind: "utc_day" }, units: 1 }], now: 0.5 }],
    ["a negative limit", { checks: [{ key: "k", limit: -1, window: { kind: "utc_day" }, units: 1 }], now: 0 }],
    ["a fractional window", { checks: [{ key: "k", limit: 1, window: { kind: "rolling", ms: 0.5 }, units: 1 }], now: 0 }],
  ] as const)("refuses %s as a programming error", (_name, input) => {
    expect(() => assertConsumeInput(input as never)).toThrow(RangeError);
  });
});
