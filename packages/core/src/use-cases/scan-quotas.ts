import { nextUtcMidnight } from "../limits/counter-window.js";
import type { RateLimiter } from "../ports/rate-limiter.js";
import { RATE_LIMIT_POLICY } from "../limits/rate-limit-policy.js";
import { toRequesterId } from "../limits/to-requester-id.js";
import type { Allowance, QuotaCaller, ScanQuota } from "../ports/scan-quota.js";

/**
 * The ScanQuota of the REST surface over the rate limiter: anonymous callers get the contract's 20 new
 * scans per IP (an IPv6 caller by its /64) per UTC day. Keys with scan:create are support-gated, issued by
 * an operator to a known party; the contract shows no new-scan quota for them, so their allowance is the
 * anonymous one in full, never read from anyone's counter and never consumed.
 */
export function createAnonymousScanQuota(limiter: RateLimiter, now: () => number = Date.now): ScanQuota {
  const keyed = (): Promise<Allowance> =>
    Promise.resolve({
      limit: RATE_LIMIT_POLICY.anonymous_scan[0].limit,
      remaining: RATE_LIMIT_POLICY.anonymous_scan[0].limit,
      resetAt: new Date(nextUtcMidnight(now())).toISOString(),
      consumed: false,
    });
  return {
    consume: async (caller) =>
      caller.kind === "anonymous" ? (await limiter.checkAnonymousScan({ ip: toRequesterId(caller.ip) })).quota : keyed(),
    peek: (caller) => (caller.kind === "anonymous" ? limiter.peekAnonymousScan({ ip: toRequesterId(caller.ip) }) : keyed()),
    // The anonymous quota is the caller's own: a refusal costs a scan of it, like any other request.
    chargeRefusal: async (caller) => {
      if (caller.kind === "anonymous") await limiter.checkAnonymousScan({ ip: toRequesterId(caller.ip) });
    },
  };
}

/**
 * The ScanQuota of the anonymous Light MCP surface: 50 new scans per UTC day across the surface and 5 per
 * address (an IPv6 caller by its /64) per rolling 10 minutes; the allowance reported is the surface's day.
 */
export function createLightScanQuota(limiter: RateLimiter): ScanQuota {
  // The Light surface is anonymous; a key (never sent there by the MCP host) would count as its own requester.
  const ipOf = (caller: QuotaCaller) => (caller.kind === "anonymous" ? toRequesterId(caller.ip) : `key:${caller.keyId}`);
  return {
    consume: async (caller) => (await limiter.checkLightScan({ ip: ipOf(caller) })).quota,
    peek: (caller) => limiter.peekLightScan({ ip: ipOf(caller) }),
    // The surface's 50 a day are shared by every caller: a refused target is charged to the address only.
    chargeRefusal: (caller) => limiter.checkLightRefusal({ ip: ipOf(caller) }),
  };
}

/**
 * A quota that never refuses, for embedding a scanner without public callers. It still reports an
 * allowance shape, with the contract's anonymous limit, so resources stay well-formed.
 */
export function createUnlimitedQuota(options: { limit?: number; now: () => number }): ScanQuota {
  const allowance = (): Allowance => ({
    limit: options.limit ?? 20,
    remaining: options.limit ?? 20,
    resetAt: new Date(nextUtcMidnight(options.now())).toISOString(),
    consumed: false,
  });
  return { consume: () => Promise.resolve(allowance()), peek: () => Promise.resolve(allowance()), chargeRefusal: () => Promise.resolve() };
}
