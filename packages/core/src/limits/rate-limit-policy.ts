import { WEIGHTED_READ_POLICY_VERSION } from "../contract/versions.js";
import type { CounterWindow } from "../ports/counter-store.js";
import type { RateLimitProfile, RateLimitScope } from "../ports/rate-limiter.js";

/** The policy version that rate-limit errors report (contract "Limits" and "Versioning"). */
export const RATE_LIMIT_POLICY_VERSION = WEIGHTED_READ_POLICY_VERSION;

/** What one unit of the counter is. */
export type RateLimitUnit = "read_units" | "new_scans" | "requests" | "scan_reads";

export interface RateLimitRule {
  readonly scope: RateLimitScope;
  readonly window: CounterWindow;
  readonly limit: number;
  readonly counts: RateLimitUnit;
}

const ROLLING_1_MINUTE = { kind: "rolling", ms: 60_000 } as const;
const ROLLING_10_MINUTES = { kind: "rolling", ms: 600_000 } as const;
const ROLLING_24_HOURS = { kind: "rolling", ms: 86_400_000 } as const;
const UTC_DAY = { kind: "utc_day" } as const;

/**
 * The contract's limits as data, in the order a request checks them (the first exceeded rule is the one an
 * error reports). Readings where the contract is brief (docs/api.md "Limits"):
 * - Light MCP, "50 per UTC day across the Light surface": ONE counter for the whole anonymous Light endpoint,
 *   all requesters and tools together, because the Light surface has no account or key to count per; the
 *   "5 per rolling 10 minutes" that follows it is per requester IP, so one requester cannot take the day's
 *   50 in a burst.
 * - Self-serve keys, "60 requests per minute; 500 scan reads per day": a rolling minute and a UTC day (the
 *   day the anonymous quota uses too). A scan read is any read counted by the weighted policies, whatever
 *   its weight; every request of the key counts toward the 60.
 */
export const RATE_LIMIT_POLICY = {
  weighted_read: [
    { scope: "caller_resource", window: ROLLING_10_MINUTES, limit: 120, counts: "read_units" },
    { scope: "caller_resource", window: ROLLING_24_HOURS, limit: 1200, counts: "read_units" },
    { scope: "resource", window: ROLLING_10_MINUTES, limit: 4000, counts: "read_units" },
    { scope: "caller", window: ROLLING_10_MINUTES, limit: 480, counts: "read_units" },
  ],
  status_poll: [
    { scope: "caller_resource", window: ROLLING_10_MINUTES, limit: 120, counts: "read_units" },
    { scope: "resource", window: ROLLING_10_MINUTES, limit: 10_000, counts: "read_units" },
    { scope: "caller", window: ROLLING_10_MINUTES, limit: 600, counts: "read_units" },
  ],
  anonymous_scan: [{ scope: "ip", window: UTC_DAY, limit: 20, counts: "new_scans" }],
  light_mcp_scan: [
    { scope: "light_surface", window: UTC_DAY, limit: 50, counts: "new_scans" },
    { scope: "ip", window: ROLLING_10_MINUTES, limit: 5, counts: "new_scans" },
  ],
  api_key: [
    { scope: "key", window: ROLLING_1_MINUTE, limit: 60, counts: "requests" },
    { scope: "key", window: UTC_DAY, limit: 500, counts: "scan_reads" },
  ],
} as const satisfies Record<RateLimitProfile, readonly RateLimitRule[]>;
