/**
 * Counter windows: UTC day boundaries, when consumed units stop counting, and how a window is reported.
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
 * When units consumed at `at` stop counting: they count while `now < expiry`. Every implementation stores
 * this one number per entry, so rolling and UTC-day windows share one pruning rule (`expiry <= now`).
 */
export function toCounterExpiry(input: { window: CounterWindow; at: number }): number {
  const { window, at } = input;
  switch (window.kind) {
    case "rolling":
      return at + window.ms;
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
