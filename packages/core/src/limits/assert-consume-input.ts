import type { ConsumeInput } from "../ports/counter-store.js";

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
