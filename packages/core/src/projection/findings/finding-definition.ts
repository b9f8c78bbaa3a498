import type { Criticality, EvidencePhase, FindingCategory } from "../../contract/index.js";
import type { EvidenceRecord } from "../evidence-record.js";

/**
 * One entry of the findings catalogue. A finding exists only when `select` finds evidence for it: no
 * evidence, no finding, and missing evidence never produces one. Ids are stable: a changed rule gets a
 * new id, so reports can be compared over time.
 */
export interface FindingDefinition {
  id: string;
  label: string;
  /** Service metadata for ordering review, not legal severity. */
  criticality: Criticality;
  priority: 1 | 2 | 3 | 4 | 5;
  confidence: "high" | "medium" | "low";
  category: FindingCategory;
  phase: EvidencePhase | null;
  /** What was observed, in neutral words: an observation, never a legal conclusion. */
  description: string;
  caveats: readonly string[];
  nextSteps: readonly string[];
  select(evidence: readonly EvidenceRecord[]): EvidenceRecord[];
}

export const defineFinding = (definition: FindingDefinition): FindingDefinition => definition;
