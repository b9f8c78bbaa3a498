import { DISCLAIMER, type Scan } from "../contract/index.js";
import type { ScanRecord } from "../domain/scan-record.js";
import type { ScanReport } from "../projection/to-scan-report.js";
import type { LinkBuilder } from "./scan-links.js";
import { scanTimeSeconds, toScanOverview } from "./scan-overview.js";
import type { ExecutionMode, FreshnessDecision } from "../contract/index.js";

/** The Scan resource of a completed record. */
export function toScanResource(
  record: ScanRecord & { report: ScanReport; status: "completed" | "completed_limited" },
  context: { links: LinkBuilder; provenance: RequestProvenance },
): Scan {
  const { links } = context;
  return {
    type: "service_scan",
    ...toScanOverview(record),
    scoreUpdatedAt: record.scoreUpdatedAt ?? record.completedAt ?? record.createdAt,
    scanTimeSeconds: scanTimeSeconds(record),
    ...context.provenance,
    recommendedNextTool: "service_get_scan_bundle",
    links: {
      self: links.scan(record.scanId),
      status: links.status(record.scanId),
      findings: links.findings(record.scanId),
      pulse: links.pulse(record.scanId),
      report: links.report(record.scanId),
      preConsentCookiesTrackers: links.preConsentCookiesTrackers(record.scanId),
    },
    disclaimer: DISCLAIMER,
  };
}

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
