import type { TargetPolicy } from "@public-scan/core";
import { createEgressGuard, type EgressGuardOptions } from "./create-egress-guard.js";
import { parseResolveRules } from "./parse-resolve-rules.js";

/**
 * core's TargetPolicy over the scanner's egress guard, with the operator's `resolve` and
 * `allowPrivateTargets`, so the API refuses what the scanner would refuse. A name that does not resolve
 * is let through: DNS failures can be transient, and the scan then reports the navigation failure.
 */
export function createTargetPolicy(options: {
  resolve?: readonly string[];
  allowPrivateTargets?: readonly string[];
  lookup?: EgressGuardOptions["lookup"];
}): TargetPolicy {
  const guard = createEgressGuard({
    resolve: parseResolveRules(options.resolve ?? []),
    allowPrivateTargets: options.allowPrivateTargets ?? [],
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  return {
    async check(target) {
      const decision = await guard.check(target);
      if (decision.allowed || decision.reason === "unresolvable") return { allowed: true };
      return { allowed: false, reason: decision.reason };
    },
  };
}
