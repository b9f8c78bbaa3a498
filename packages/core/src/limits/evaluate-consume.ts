import type { ConsumeResult, CounterCheck } from "../ports/counter-store.js";
import { timeUntilFree, type CounterEntry } from "./time-until-free.js";

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
