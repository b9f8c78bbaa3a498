import { DISCLAIMER, PULSE_EVIDENCE_EXAMPLES_PER_FINDING, PULSE_EVIDENCE_MAX_FINDINGS, type PulseEvidence } from "../contract/index.js";
import type { CompletedRecord } from "./completed-record.js";
import { scanLinksOf } from "./scan-links-object.js";
import type { LinkBuilder } from "./scan-links.js";
import { PULSE_CAVEAT } from "./to-pulse.js";
import { toFindingSummary } from "./to-finding-list.js";

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
