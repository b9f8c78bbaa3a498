import { DISCLAIMER, MAX_FINDING_EXAMPLES, type FindingDetail, type FindingList, type FindingSummary } from "../contract/index.js";
import { regimesOf } from "../projection/findings/finding-regimes.js";
import type { Finding } from "../projection/findings/to-findings.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import type { LinkBuilder } from "./scan-links.js";

/** A finding's summary fields only (allow-list). */
export function toFindingSummary(finding: Finding): FindingSummary {
  const { id, label, criticality, priority, confidence, category, phase, evidence } = finding;
  // From the id, not the stored finding: reports stored before readings have none, and the table may be refined.
  return { id, label, criticality, priority, confidence, category, phase, evidence: { ...evidence }, regimes: regimesOf(id) };
}

export function toFindingList(record: CompletedRecord, links: LinkBuilder): FindingList {
  return {
    type: "service_finding_list",
    scanId: record.scanId,
    findings: record.report.findings.map(toFindingSummary),
    links: { self: links.findings(record.scanId), scan: links.scan(record.scanId), report: links.report(record.scanId) },
    disclaimer: DISCLAIMER,
  };
}

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
