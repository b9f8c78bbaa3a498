import type { ExecutionMode, FreshnessDecision } from "../contract/index.js";

/**
 * How the request that returns a resource was satisfied, and the caller's anonymous allowance. Scan and
 * ScanJob carry these fields (contract); a plain read reports `quotaConsumed: false`.
 */
export interface RequestProvenance {
  executionMode: ExecutionMode;
  reused: boolean;
  reusedScanAgeSeconds: number | null;
  freshnessDecision: FreshnessDecision;
  quotaConsumed: boolean;
  anonymousQuotaLimit: number;
  anonymousQuotaRemaining: number;
  anonymousQuotaResetAt: string;
  upgradeSupportEmail: string;
  upgradeMessage: string;
}
