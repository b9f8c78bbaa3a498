import type { ReadWeight } from "../contract/operations.js";

/**
 * The RateLimiter port: the contract's limits (`RATE_LIMIT_POLICY` in limits/) as the use-cases and surfaces
 * charge them. `createRateLimiter` implements it over any CounterStore.
 */

/** Which policy a counter belongs to; reported as `rateLimit.profile`. */
export type RateLimitProfile = "weighted_read" | "status_poll" | "anonymous_scan" | "light_mcp_scan" | "api_key";

/** Whose counter it is; reported as `rateLimit.scope`. For `status_poll` the resource is the scan. */
export type RateLimitScope = "caller_resource" | "resource" | "caller" | "ip" | "light_surface" | "key";

/** One counter after an allowed request. */
export interface CounterStatus {
  readonly profile: RateLimitProfile;
  readonly scope: RateLimitScope;
  /** ISO 8601 duration or `utc_day`, as in `rateLimit.window`. */
  readonly window: string;
  readonly limit: number;
  readonly usage: number;
  readonly remaining: number;
}

export interface RateLimitGrant {
  readonly counters: readonly CounterStatus[];
}

/** A daily quota as the Scan resource reports it (`anonymousQuotaLimit`, `…Remaining`, `…ResetAt`). */
export interface DailyQuota {
  readonly limit: number;
  readonly remaining: number;
  /** The next 00:00 UTC, ISO 8601. */
  readonly resetAt: string;
}

export interface DailyQuotaGrant extends RateLimitGrant {
  readonly quota: DailyQuota;
}

export interface RateLimiter {
  /**
   * A read of a completed scan or domain resource (`weight.policy` "resource") or a status poll ("status"),
   * with the operation's weight. With `keyId` (a self-serve key), the key's daily scan-read cap is charged
   * in the same all-or-nothing step (its per-minute cap is charged by `checkKeyRequest` at the request's entry).
   */
  checkRead(input: {
    caller: string;
    resource: string;
    weight: ReadWeight;
    keyId?: string;
    /**
     * Leaves the read out of the resource-wide rule (one scan across all callers): keyed reads, which are
     * capped per key, and the report page opened from a shared link, which a crowd must not lock for everyone.
     */
    outsideResourceRule?: boolean;
  }): Promise<RateLimitGrant>;
  /** A new anonymous scan (not a reuse, which is free). */
  checkAnonymousScan(input: { ip: string }): Promise<DailyQuotaGrant>;
  /** The anonymous quota without consuming, for responses that reuse a scan. */
  peekAnonymousScan(input: { ip: string }): Promise<DailyQuota>;
  /** A new scan through the Light MCP endpoint. */
  checkLightScan(input: { ip: string }): Promise<DailyQuotaGrant>;
  /** The Light surface's daily allowance left, without using any (reuse is free). */
  peekLightScan(input: { ip: string }): Promise<DailyQuota>;
  /** A Light scan request whose target was refused: the address's own limit only, never the surface's day. */
  checkLightRefusal(input: { ip: string }): Promise<void>;
  /**
   * Every request of a self-serve key, at its entry, whatever it ends in (surfaces call it once the key is
   * authenticated): the per-minute cap; `scanRead` also charges the daily scan-read cap.
   */
  checkKeyRequest(input: { keyId: string; scanRead: boolean }): Promise<RateLimitGrant>;
}
