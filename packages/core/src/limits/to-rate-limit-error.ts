import { ServiceError } from "../errors/service-error.js";
import type { RateLimitProfile, RateLimitScope } from "../ports/rate-limiter.js";
import type { RateLimitRule, RateLimitUnit } from "./rate-limit-policy.js";
import { RATE_LIMIT_POLICY_VERSION } from "./rate-limit-policy.js";
import { toWindowLabel } from "./counter-window.js";

/** Each limit's name, and what the caller can do besides waiting (mirrors the contract's rules for each limit). */
const PROFILE_TEXT = {
  weighted_read: { name: "Read limit", hint: " Completed results do not change: reuse the last response instead of reading it again." },
  status_poll: { name: "Status polling limit", hint: "" },
  anonymous_scan: { name: "Anonymous daily scan quota", hint: " Reusing a recent result does not count against the quota." },
  light_mcp_scan: { name: "Light MCP scan quota", hint: " Reusing a recent result does not count against the quota." },
  api_key: { name: "API key limit", hint: "" },
} as const satisfies Record<RateLimitProfile, { name: string; hint: string }>;

const SCOPE_TEXT = {
  caller_resource: "for this caller and resource",
  resource: "for this resource across callers",
  caller: "for this caller across resources",
  ip: "for this requester address",
  light_surface: "for the whole Light surface",
  key: "for this API key",
} as const satisfies Record<RateLimitScope, string>;

const UNIT_TEXT = {
  read_units: "read units",
  new_scans: "new scans",
  requests: "requests",
  scan_reads: "scan reads",
} as const satisfies Record<RateLimitUnit, string>;

function windowText(rule: RateLimitRule): string {
  if (rule.window.kind === "utc_day") return "UTC day";
  const minutes = rule.window.ms / 60_000;
  if (minutes === 1) return "rolling minute";
  return minutes % 60 === 0 ? `rolling ${minutes / 60} hours` : `rolling ${minutes} minutes`;
}

export interface RateLimitErrorInput {
  readonly profile: RateLimitProfile;
  readonly rule: RateLimitRule;
  /** Usage of the exceeded counter before the request. */
  readonly usage: number;
  readonly requestedUnits: number;
  /** From the store: when the whole request fits again. */
  readonly retryAfterMs: number;
  readonly now: number;
}

/**
 * The `rate_limited` ServiceError of a refused request: a customer-safe message (no identifier of any kind),
 * Retry-After rounded up to whole seconds, and the machine-readable details of the contract's Errors rule 2.
 * `resetAt` is when the refused request would fit again, so it agrees with Retry-After.
 */
export function toRateLimitError(input: RateLimitErrorInput): ServiceError {
  const { profile, rule, retryAfterMs, now } = input;
  const known = Number.isFinite(retryAfterMs);
  const seconds = known ? Math.max(1, Math.ceil(retryAfterMs / 1000)) : undefined;
  const wait = seconds === undefined ? "" : ` Retry after ${seconds} seconds.`;
  const message = `${PROFILE_TEXT[profile].name} reached ${SCOPE_TEXT[rule.scope]}: ${rule.limit} ${UNIT_TEXT[rule.counts]} per ${windowText(rule)}.${wait}${PROFILE_TEXT[profile].hint}`;
  return new ServiceError("rate_limited", message, {
    ...(seconds === undefined ? {} : { retryAfterSeconds: seconds }),
    rateLimit: {
      policyVersion: RATE_LIMIT_POLICY_VERSION,
      profile,
      scope: rule.scope,
      window: toWindowLabel(rule.window),
      limit: rule.limit,
      usage: input.usage,
      requestedUnits: input.requestedUnits,
      resetAt: known ? new Date(now + retryAfterMs).toISOString() : null,
    },
  });
}
