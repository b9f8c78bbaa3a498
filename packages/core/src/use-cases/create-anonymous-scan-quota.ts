import type { RateLimiter } from "../limits/rate-limiter.js";
import type { ScanQuota } from "./service-deps.js";

/**
 * The ScanQuota of the REST surface over the rate limiter: anonymous callers get the contract's 20 new
 * scans per IP per UTC day. Keyed callers are limited per request by their key's policy instead; the
 * contract does not show a new-scan quota for them, so their allowance shows the anonymous numbers of no
 * one in particular and is never consumed.
 */
export function createAnonymousScanQuota(limiter: RateLimiter): ScanQuota {
  const keyed = () => limiter.peekAnonymousScan({ ip: "0.0.0.0" });
  return {
    consume: async (caller) => (caller.kind === "anonymous" ? (await limiter.checkAnonymousScan({ ip: caller.ip })).quota : keyed()),
    peek: (caller) => (caller.kind === "anonymous" ? limiter.peekAnonymousScan({ ip: caller.ip }) : keyed()),
  };
}
