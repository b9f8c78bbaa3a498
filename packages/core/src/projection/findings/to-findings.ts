import type { EvidenceExample, FindingSummary } from "../../contract/index.js";
import { EVIDENCE_BASIS, MAX_FINDING_EXAMPLES } from "../../contract/index.js";
import { isFindingEvidence, type EvidenceRecord, type FindingEvidenceRecord } from "../evidence-record.js";
import type { FindingDefinition } from "./finding-definition.js";
import { FINDING_CATALOGUE } from "./finding-catalogue.js";
import { regimesOf } from "./finding-regimes.js";

/** A finding with all of its evidence, as stored; surfaces cap what they show. */
export interface Finding extends FindingSummary {
  description: string;
  caveats: string[];
  nextSteps: string[];
  examples: EvidenceExample[];
}

/** Only these fields of an evidence record may be shown as an example (allow-list, not deny-list). */
export function toExample(record: FindingEvidenceRecord): EvidenceExample {
  return {
    kind: record.kind,
    name: record.name,
    host: record.host,
    vendor: record.vendor,
    purpose: record.purpose,
    party: record.party,
    phase: record.phase,
  };
}

/**
 * Findings from evidence: each catalogue entry whose rule selects evidence becomes a finding, ordered by
 * priority then id. Examples are deduplicated; `examplesShown` is what a detail response shows. A
 * third-party service is never an example, so no finding (and no point of the score) rests on one, whatever
 * a rule selects.
 */
export function toFindings(evidence: readonly EvidenceRecord[], catalogue: readonly FindingDefinition[] = FINDING_CATALOGUE): Finding[] {
  const findings: Finding[] = [];
  for (const definition of catalogue) {
    const seen = new Set<string>();
    const examples = definition
      .select(evidence)
      .filter(isFindingEvidence)
      .map(toExample)
      .filter((example) => {
        const key = JSON.stringify(example);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    if (examples.length === 0) continue;
    findings.push({
      id: definition.id,
      label: definition.label,
      criticality: definition.criticality,
      priority: definition.priority,
      confidence: definition.confidence,
      category: definition.category,
      phase: definition.phase,
      evidence: { basis: EVIDENCE_BASIS, exampleCount: examples.length, examplesShown: Math.min(examples.length, MAX_FINDING_EXAMPLES) },
      regimes: regimesOf(definition.id),
      description: definition.description,
      caveats: [...definition.caveats],
      nextSteps: [...definition.nextSteps],
      examples,
    });
  }
  return findings.sort((a, b) => a.priority - b.priority || a.id.localeCompare(b.id));
}
