import { ROLLING_WINDOW_BUCKETS, type ConsumeInput, type ConsumeResult, type CounterWindow } from "@public-scan/core";

const DAY_MS = 86_400_000;

/**
 * Does a unit consumed at `at` count at `now`? The window rules, stated as directly as possible (docs/api.md
 * "Limits"): a rolling window counts a unit from the bucket it falls in, `((k - 1) * b, k * b]` with `b` a
 * twentieth of the window rounded up, until one window after that bucket's end `k * b`.
 */
function counts(window: CounterWindow, at: number, now: number): boolean {
  if (window.kind === "utc_day") return Math.floor(at / DAY_MS) === Math.floor(now / DAY_MS);
  const bucketMs = Math.ceil(window.ms / ROLLING_WINDOW_BUCKETS);
  const bucketEnd = Math.ceil(at / bucketMs) * bucketMs;
  return now - bucketEnd < window.ms;
}

/** The first instant at which a unit consumed at `at` no longer counts. */
function dropsAt(window: CounterWindow, at: number): number {
  if (window.kind === "utc_day") return (Math.floor(at / DAY_MS) + 1) * DAY_MS;
  const bucketMs = Math.ceil(window.ms / ROLLING_WINDOW_BUCKETS);
  return Math.ceil(at / bucketMs) * bucketMs + window.ms;
}

export interface ReferenceCounterModel {
  consume(input: ConsumeInput): ConsumeResult;
}

/**
 * A deliberately naive CounterStore: every consumed unit is kept forever and usage is recounted from
 * scratch, and the wait is found by trying every instant at which usage can drop. Slow and obviously
 * right, for comparison in the property test. Assumes a clock that never goes backwards.
 */
export function createReferenceCounterModel(): ReferenceCounterModel {
  const log: { key: string; window: CounterWindow; at: number; units: number }[] = [];
  const usageAt = (key: string, now: number) =>
    log.filter((entry) => entry.key === key && counts(entry.window, entry.at, now)).reduce((sum, entry) => sum + entry.units, 0);

  return {
    consume({ checks, now }) {
      const usage = checks.map((check) => usageAt(check.key, now));
      const exceeded = checks.filter((check, index) => usage[index]! + check.units > check.limit);
      if (exceeded.length === 0) {
        for (const check of checks) if (check.units > 0) log.push({ key: check.key, window: check.window, at: now, units: check.units });
        return { allowed: true, usage: checks.map((check, index) => usage[index]! + check.units) };
      }
      const failed = checks.findIndex((check) => exceeded.includes(check));
      const fitsAt = (time: number) => exceeded.every((check) => usageAt(check.key, time) + check.units <= check.limit);
      const candidates = [...new Set(log.map((entry) => dropsAt(entry.window, entry.at)))]
        .filter((time) => time > now)
        .sort((a, b) => a - b);
      const fits = candidates.find(fitsAt);
      return { allowed: false, failed, usage: usage[failed]!, retryAfterMs: fits === undefined ? Number.POSITIVE_INFINITY : fits - now };
    },
  };
}
