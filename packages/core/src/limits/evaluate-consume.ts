import type { ConsumeResult, CounterCheck } from "../ports/counter-store.js";
import type { ConsumeInput } from "../ports/counter-store.js";

export interface EvaluateConsumeInput {
  readonly checks: readonly CounterCheck[];
  /** Current usage of each check (expired entries already pruned), in the order of `checks`. */
  readonly usage: readonly number[];
  readonly now: number;
  /** The live entries of check `index`, sorted by expiry; only read when that check is exceeded. */
  readonly liveEntries: (index: number) => Iterable<CounterEntry>;
}

/**
 * The decision every sliding-log implementation makes once it holds its lock: allowed (and the usage after
 * consuming), or refused with the first exceeded check and the wait until the whole request fits. The wait
 * is the largest of the exceeded checks' waits, so retrying then succeeds if nothing else consumed.
 */
export function evaluateConsume(input: EvaluateConsumeInput): ConsumeResult {
  const { checks, usage, now } = input;
  let failed = -1;
  let retryAfterMs = 0;
  checks.forEach((check, index) => {
    const excess = (usage[index] ?? 0) + check.units - check.limit;
    if (excess <= 0) return;
    if (failed < 0) failed = index;
    const wait = check.units > check.limit ? Number.POSITIVE_INFINITY : timeUntilFree({ entries: input.liveEntries(index), now, excess });
    retryAfterMs = Math.max(retryAfterMs, wait);
  });
  if (failed < 0) return { allowed: true, usage: checks.map((check, index) => (usage[index] ?? 0) + check.units) };
  return { allowed: false, failed, usage: usage[failed] ?? 0, retryAfterMs };
}

/**
 * Rejects inputs no implementation should have to interpret. These are programming errors of the caller,
 * not refusals, so they throw (TypeError/RangeError) instead of returning `allowed: false`. Integers only:
 * the Redis implementation computes in Lua doubles, which are exact only for integers.
 */
export function assertConsumeInput(input: ConsumeInput): void {
  if (!Number.isSafeInteger(input.now) || input.now < 0) throw new RangeError("consume: now must be a non-negative integer (epoch ms)");
  if (input.checks.length === 0) throw new RangeError("consume: at least one check is required");
  const keys = new Set<string>();
  for (const check of input.checks) {
    if (typeof check.key !== "string" || check.key.length === 0) throw new TypeError("consume: every check needs a non-empty key");
    if (keys.has(check.key)) throw new RangeError("consume: keys must be distinct within one request");
    keys.add(check.key);
    if (!Number.isSafeInteger(check.limit) || check.limit < 0) throw new RangeError("consume: limit must be a non-negative integer");
    if (!Number.isSafeInteger(check.units) || check.units < 0) throw new RangeError("consume: units must be a non-negative integer");
    if (check.window.kind === "rolling" && (!Number.isSafeInteger(check.window.ms) || check.window.ms <= 0)) {
      throw new RangeError("consume: a rolling window needs a positive integer length in ms");
    }
  }
}

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
