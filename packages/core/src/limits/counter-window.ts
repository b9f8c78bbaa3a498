/**
 * Counter windows: UTC day boundaries, rolling-window buckets, when consumed units stop counting, and how a
 * window is reported.
 */
import type { CounterWindow } from "../ports/counter-store.js";

/** UTC day boundaries in epoch milliseconds. Epoch time has no leap seconds, so every UTC day is 86 400 000 ms. */
export const UTC_DAY_MS = 86_400_000;

/** 00:00 UTC of the day that contains `ms`. */
export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / UTC_DAY_MS) * UTC_DAY_MS;
}

/** The next 00:00 UTC strictly after `ms` (a time at midnight exactly belongs to the day it starts). */
export function nextUtcMidnight(ms: number): number {
  return startOfUtcDay(ms) + UTC_DAY_MS;
}

/**
 * Rolling windows are counted in this many buckets per window. An exact sliding log keeps one entry per
 * millisecond in use, so a busy counter held hundreds of rows (SQLite) or members (Redis) and every request
 * read and wrote them; with buckets a counter holds at most `ROLLING_WINDOW_BUCKETS + 1` live entries, at the
 * price of a bounded over-count (`toCounterExpiry`).
 */
export const ROLLING_WINDOW_BUCKETS = 20;

/** The width of one bucket of a rolling window of `windowMs`: a twentieth of it, rounded up to a whole ms. */
export function toRollingBucketMs(windowMs: number): number {
  return Math.ceil(windowMs / ROLLING_WINDOW_BUCKETS);
}

/**
 * When units consumed at `at` stop counting: they count while `now < expiry`. Every implementation stores
 * this one number per entry, so rolling and UTC-day windows share one pruning rule (`expiry <= now`).
 *
 * Rolling: `at` is rounded UP to the next bucket boundary (multiples of the bucket width `b` since the
 * epoch, the same in every process), then the window is added: `ceil(at / b) * b + ms`. So a unit counts
 * for at least the whole window (never shorter: no window of `ms` ever admits more than the limit) and at
 * most `b - 1` ms longer; units consumed in one bucket share one expiry, which stores merge into one entry.
 */
export function toCounterExpiry(input: { window: CounterWindow; at: number }): number {
  const { window, at } = input;
  switch (window.kind) {
    case "rolling": {
      const bucketMs = toRollingBucketMs(window.ms);
      return Math.ceil(at / bucketMs) * bucketMs + window.ms;
    }
    case "utc_day":
      return nextUtcMidnight(at);
  }
}

const UNITS = [
  [3_600_000, "H"],
  [60_000, "M"],
  [1_000, "S"],
] as const;

/**
 * The window as `rateLimit.window` reports it: an ISO 8601 duration (`PT10M`, `PT24H`, `PT1M`) or `utc_day`.
 * Hours are not folded into days: a rolling 24 hours is not a calendar day, and `P1D` would suggest one.
 */
export function toWindowLabel(window: CounterWindow): string {
  if (window.kind === "utc_day") return "utc_day";
  for (const [ms, designator] of UNITS) if (window.ms % ms === 0) return `PT${window.ms / ms}${designator}`;
  return `PT${window.ms / 1000}S`;
}
