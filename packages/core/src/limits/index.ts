/**
 * Limits: the CounterStore port, its in-memory implementation, and the contract's quotas and weighted
 * rolling limits over it. The SQLite and Redis stores live in `@public-scan/storage`.
 */
export { assertConsumeInput } from "./evaluate-consume.js";
export type {
  ConsumeInput,
  ConsumeResult,
  CounterCheck,
  CounterStore,
  CounterStoreCapabilities,
  CounterWindow,
} from "../ports/counter-store.js";
export { createIdentifierHasher } from "./create-identifier-hasher.js";
export type { IdentifierHasher, IdentifierHasherOptions, IdentifierKind } from "./create-identifier-hasher.js";
export { createMemoryCounterStore } from "./create-memory-counter-store.js";
export type { MemoryCounterStoreOptions } from "./create-memory-counter-store.js";
export { createRateLimiter } from "./create-rate-limiter.js";
export type { RateLimiterOptions } from "./create-rate-limiter.js";
export { evaluateConsume } from "./evaluate-consume.js";
export type { EvaluateConsumeInput } from "./evaluate-consume.js";
export { RATE_LIMIT_POLICY, RATE_LIMIT_POLICY_VERSION } from "./rate-limit-policy.js";
export type { RateLimitRule, RateLimitUnit } from "./rate-limit-policy.js";
export type { RateLimitProfile, RateLimitScope } from "../ports/rate-limiter.js";
export type { CounterStatus, DailyQuota, DailyQuotaGrant, RateLimiter, RateLimitGrant } from "../ports/rate-limiter.js";
export { timeUntilFree } from "./evaluate-consume.js";
export type { CounterEntry } from "./evaluate-consume.js";
export { toCounterExpiry } from "./counter-window.js";
export { toRateLimitError } from "./to-rate-limit-error.js";
export type { RateLimitErrorInput } from "./to-rate-limit-error.js";
export { toWindowLabel } from "./counter-window.js";
export { toRequesterId } from "./to-requester-id.js";
