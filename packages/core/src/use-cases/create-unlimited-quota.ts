import type { Allowance, ScanQuota } from "../ports/scan-quota.js";
import { nextUtcMidnight } from "./next-utc-midnight.js";

/**
 * A quota that never refuses, for embedding a scanner without public callers. It still reports an
 * allowance shape, with the contract's anonymous limit, so resources stay well-formed.
 */
export function createUnlimitedQuota(options: { limit?: number; now: () => number }): ScanQuota {
  const allowance = (): Allowance => ({
    limit: options.limit ?? 20,
    remaining: options.limit ?? 20,
    resetAt: nextUtcMidnight(options.now()),
  });
  return { consume: () => Promise.resolve(allowance()), peek: () => Promise.resolve(allowance()) };
}
