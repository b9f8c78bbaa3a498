/** One entry of a sliding log: `units` consumed that count until `expiresAt`. */
export interface CounterEntry {
  readonly expiresAt: number;
  readonly units: number;
}

/**
 * Milliseconds until `excess` units of the live `entries` (sorted by `expiresAt`, all `> now`) have
 * expired: the exact Retry-After of a sliding log. `Infinity` if they never free that many.
 */
export function timeUntilFree(input: { entries: Iterable<CounterEntry>; now: number; excess: number }): number {
  let freed = 0;
  if (input.excess <= 0) return 0;
  for (const entry of input.entries) {
    freed += entry.units;
    if (freed >= input.excess) return entry.expiresAt - input.now;
  }
  return Number.POSITIVE_INFINITY;
}
