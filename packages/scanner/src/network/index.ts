/**
 * Egress control for a scan: resolve rules, the address classification, the guard that applies
 * `allowPrivateTargets`, a guarded `lookup` for Node-side probes, and the guarded proxy for the browser.
 */
export { classifyAddress, type AddressClass } from "./classify-address.js";
export {
  createAsyncLookup,
  isLoopbackName,
  type AsyncLookupOptions,
  type EgressLookup,
  type LookupAddress,
} from "./create-async-lookup.js";
export { createEgressGuard, type EgressGuard, type EgressGuardOptions } from "./create-egress-guard.js";
export { createGuardedLookup, type EgressRefusedError, type GuardedLookup } from "./create-guarded-lookup.js";
export { EGRESS_REFUSALS, type EgressDecision, type EgressRefusal, type EgressTarget } from "./egress-decision.js";
export type { EgressConnectEvent, EgressRefusedEvent } from "./egress-proxy-context.js";
export { matchesHostPattern } from "./parse-host-pattern.js";
export { METADATA_ADDRESSES, METADATA_HOST_NAMES } from "./metadata-host-names.js";
export { normalizeHost } from "./normalize-host.js";
export { findResolveRule, parseResolveRules, type ResolveRule } from "./parse-resolve-rules.js";
export { startEgressProxy, type EgressProxy, type EgressProxyOptions } from "./start-egress-proxy.js";
export { createTargetPolicy, toTargetPolicy } from "./create-target-policy.js";
