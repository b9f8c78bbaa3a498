import {
  DISCLAIMER,
  PULSE_EVIDENCE_EXAMPLES_PER_FINDING,
  PULSE_EVIDENCE_MAX_FINDINGS,
  PULSE_TOP_FINDINGS,
  type Pulse,
  type PulseEvidence,
} from "../contract/index.js";
import { scanLinksOf, type LinkBuilder } from "./scan-links.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import { toScanOverview } from "./scan-overview.js";
import { toFindingSummary } from "./to-finding-list.js";

/** Said in every Pulse: what kind of evidence this is. */
export const PULSE_CAVEAT = "Automated observation of one first visit; missing evidence is not proof of absence.";

/** Key counts of what was seen before consent. */
export function toHighlights(record: CompletedRecord) {
  const rows = record.report.preConsentRows;
  const trackers = rows.filter((row) => row.kind === "tracker");
  return [
    { id: "pre_consent_cookies", label: "Cookies before consent", count: rows.filter((row) => row.kind === "cookie").length },
    {
      id: "third_party_cookies",
      label: "Third-party cookies before consent",
      count: rows.filter((row) => row.kind === "cookie" && row.party === "third_party").length,
    },
    { id: "storage_keys", label: "Storage keys before consent", count: rows.filter((row) => row.kind === "storage").length },
    { id: "tracker_hosts", label: "Tracker hosts contacted before consent", count: trackers.length },
    { id: "tracker_vendors", label: "Tracker vendors before consent", count: new Set(trackers.map((row) => row.vendor)).size },
    {
      id: "tracker_requests",
      label: "Tracker requests before consent",
      count: trackers.reduce((sum, row) => sum + (row.requestCount ?? 0), 0),
    },
  ];
}

/** One neutral sentence: what was observed, or why nothing could be. */
export function toHeadline(record: CompletedRecord): string {
  const reason = record.report.resultDispositionReason;
  if (reason !== null) return reason.message;
  const [cookies, , storage, hosts, vendors] = toHighlights(record).map((highlight) => highlight.count);
  return `Before consent, ${cookies} cookies, ${storage} storage keys and ${hosts} tracker hosts of ${vendors} vendors were observed.`;
}

/** The compact Pulse report of a completed scan. */
export function toPulse(record: CompletedRecord, links: LinkBuilder): Pulse {
  return {
    type: "service_pulse",
    scan: toScanOverview(record),
    headline: toHeadline(record),
    topFindings: record.report.findings.slice(0, PULSE_TOP_FINDINGS).map(toFindingSummary),
    findingCount: record.report.findings.length,
    highlights: toHighlights(record),
    caveats: [PULSE_CAVEAT, ...record.report.coverage.limitations],
    links: scanLinksOf(record.scanId, links),
    disclaimer: DISCLAIMER,
  };
}

/** The bounded evidence packet: findings with a few examples each, and what was left out counted. */
export function toPulseEvidence(record: CompletedRecord, links: LinkBuilder): PulseEvidence {
  const { findings } = record.report;
  const items = findings.slice(0, PULSE_EVIDENCE_MAX_FINDINGS).map((finding) => ({
    finding: toFindingSummary(finding),
    examples: finding.examples.slice(0, PULSE_EVIDENCE_EXAMPLES_PER_FINDING),
  }));
  const examples = findings.reduce((sum, finding) => sum + finding.examples.length, 0);
  const examplesReturned = items.reduce((sum, item) => sum + item.examples.length, 0);
  return {
    type: "service_pulse_evidence",
    scanId: record.scanId,
    items,
    totals: {
      findings: findings.length,
      findingsReturned: items.length,
      examples,
      examplesReturned,
      truncated: items.length < findings.length || examplesReturned < examples,
    },
    caveats: [
      PULSE_CAVEAT,
      `At most ${PULSE_EVIDENCE_EXAMPLES_PER_FINDING} examples per finding are shown; the finding detail shows more.`,
    ],
    links: scanLinksOf(record.scanId, links),
    disclaimer: DISCLAIMER,
  };
}
