import { createLinkBuilder } from "../render/scan-links.js";
import type { RequestProvenance } from "../render/to-scan-resource.js";
import type { JobTiming } from "../render/to-scan-job-resource.js";
import type { Allowance, ServiceDeps } from "./service-deps.js";

/** Provenance of a plain read: nothing was created or reused by this request. */
export function readProvenance(deps: ServiceDeps, allowance: Allowance): RequestProvenance {
  return {
    executionMode: "new_scan",
    reused: false,
    reusedScanAgeSeconds: null,
    freshnessDecision: "no_eligible_recent_scan_queued",
    quotaConsumed: false,
    anonymousQuotaLimit: allowance.limit,
    anonymousQuotaRemaining: allowance.remaining,
    anonymousQuotaResetAt: allowance.resetAt,
    upgradeSupportEmail: deps.config.supportEmail,
    upgradeMessage: deps.config.upgradeMessage,
  };
}

export function jobTiming(deps: ServiceDeps): JobTiming {
  return {
    now: deps.clock.now(),
    stallAfterMs: deps.config.stallAfterSeconds * 1000,
    // From durations observed in this service; before any scan completed, no estimate is claimed.
    typicalScanSeconds: deps.durations?.typical() ?? null,
    pollSeconds: deps.config.pollSeconds,
  };
}

export const linksOf = (deps: ServiceDeps) => createLinkBuilder(deps.config.baseUrl);
