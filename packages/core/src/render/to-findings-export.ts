import { DISCLAIMER, MAX_FINDING_EXAMPLES, type FindingsExport } from "../contract/index.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import type { LinkBuilder } from "./scan-links.js";
import { toScanOverview } from "./scan-overview.js";
import { toFindingSummary } from "./to-finding-list.js";
import { PULSE_CAVEAT } from "./to-pulse.js";

/**
 * Every finding of a completed scan in full, with the scan's overview (score, coverage, disposition and its
 * no-go reason) and the caveats of the whole scan: what `service_export_findings` hands over.
 */
export function toFindingsExport(record: CompletedRecord, links: LinkBuilder): FindingsExport {
  return {
    type: "service_findings_export",
    scan: toScanOverview(record),
    caveats: [
      PULSE_CAVEAT,
      ...(record.report.resultDispositionReason === null ? [] : [record.report.resultDispositionReason.message]),
      ...record.report.coverage.limitations,
    ],
    findings: record.report.findings.map((finding) => ({
      ...toFindingSummary(finding),
      description: finding.description,
      examples: finding.examples.slice(0, MAX_FINDING_EXAMPLES),
      caveats: [...finding.caveats],
      nextSteps: [...finding.nextSteps],
    })),
    links: { scan: links.scan(record.scanId), findings: links.findings(record.scanId), report: links.report(record.scanId) },
    disclaimer: DISCLAIMER,
  };
}
