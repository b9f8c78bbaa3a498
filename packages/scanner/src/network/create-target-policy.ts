import type { TargetPolicy } from "@public-scan/core";
import { TIMED_OUT, withTimeout } from "../timing/with-timeout.js";
import { createEgressGuard, type EgressGuard, type EgressGuardOptions } from "./create-egress-guard.js";
import { parseResolveRules } from "./parse-resolve-rules.js";

/**
 * core's TargetPolicy over the scanner's egress guard, with the operator's `resolve` and
 * `allowPrivateTargets`, so the API refuses what the scanner would refuse. A name that does not resolve
 * is let through (so is one whose lookup takes too long): DNS failures can be transient, and the scan's
 * own guard then refuses or reports the navigation failure.
 */
export function createTargetPolicy(options: {
  resolve?: readonly string[];
  allowPrivateTargets?: readonly string[];
  lookup?: EgressGuardOptions["lookup"];
  /** How long the up-front lookup may take before the target is let through to the scan (default 3 s). */
  timeoutMs?: number;
}): TargetPolicy {
  const guard = createEgressGuard({
    resolve: parseResolveRules(options.resolve ?? []),
    allowPrivateTargets: options.allowPrivateTargets ?? [],
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  return toTargetPolicy(guard, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs });
}

/**
 * The TargetPolicy over an egress guard that already exists: a scanner hands out its own
 * (`PuppeteerScanner.targets`), so the service refuses up front exactly what that scanner would refuse,
 * from rules configured once.
 */
export function toTargetPolicy(guard: EgressGuard, options: { timeoutMs?: number } = {}): TargetPolicy {
  const timeoutMs: number = options.timeoutMs ?? 3000;
  return {
    async check(target) {
      // A name server that never answers must not hold the request: the scan's own guard checks again.
      const decision = await withTimeout(guard.check(target), { ms: timeoutMs });
      if (decision === TIMED_OUT || decision.allowed || decision.reason === "unresolvable") return { allowed: true };
      return { allowed: false, reason: decision.reason };
    },
  };
}
