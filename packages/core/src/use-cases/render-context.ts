import { UNAVAILABLE } from "../contract/primitives.js";
import { createLinkBuilder } from "../render/scan-links.js";
import type { RequestProvenance } from "../render/to-scan-resource.js";
import type { JobTiming } from "../render/to-scan-job-resource.js";
import type { Allowance, ServiceDeps } from "./service-deps.js";

/**
 * Provenance of a plain read: nothing was created, reused or joined by this request, and how the scan was
 * first requested is not kept, so both are `unavailable` rather than invented.
 */
export function readProvenance(deps: ServiceDeps, allowance: Allowance): RequestProvenance {
  return {
    executionMode: UNAVAILABLE,
    reused: false,
    reusedScanAgeSeconds: null,
    freshnessDecision: UNAVAILABLE,
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
