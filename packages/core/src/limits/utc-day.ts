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
