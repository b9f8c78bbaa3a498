import { DISCLAIMER, MAX_FINDING_EXAMPLES, type FindingDetail } from "../contract/index.js";
import type { CompletedRecord } from "./completed-record.js";
import type { LinkBuilder } from "./scan-links.js";
import { toFindingSummary } from "./to-finding-list.js";

/** One finding with a capped evidence summary, its caveats and next steps; null when the scan has no such finding. */
export function toFindingDetail(record: CompletedRecord, findingId: string, links: LinkBuilder): FindingDetail | null {
  const finding = record.report.findings.find((candidate) => candidate.id === findingId);
  if (!finding) return null;
  return {
    type: "service_finding",
    scanId: record.scanId,
    finding: {
      ...toFindingSummary(finding),
      description: finding.description,
      examples: finding.examples.slice(0, MAX_FINDING_EXAMPLES),
      caveats: [...finding.caveats],
      nextSteps: [...finding.nextSteps],
    },
    links: {
      self: links.finding(record.scanId, finding.id),
      scan: links.scan(record.scanId),
      findings: links.findings(record.scanId),
      report: links.report(record.scanId),
    },
    disclaimer: DISCLAIMER,
  };
}
