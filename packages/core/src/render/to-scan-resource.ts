import { DISCLAIMER, type Scan } from "../contract/index.js";
import type { ScanRecord } from "../domain/scan-record.js";
import type { ScanReport } from "../projection/to-scan-report.js";
import type { RequestProvenance } from "./request-provenance.js";
import type { LinkBuilder } from "./scan-links.js";
import { scanTimeSeconds, toScanOverview } from "./scan-overview.js";

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
