import { DISCLAIMER, type FindingList, type FindingSummary } from "../contract/index.js";
import type { Finding } from "../projection/findings/to-findings.js";
import type { CompletedRecord } from "./completed-record.js";
import type { LinkBuilder } from "./scan-links.js";

/** A finding's summary fields only (allow-list). */
export function toFindingSummary(finding: Finding): FindingSummary {
  const { id, label, criticality, priority, confidence, category, phase, evidence } = finding;
  return { id, label, criticality, priority, confidence, category, phase, evidence: { ...evidence } };
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
