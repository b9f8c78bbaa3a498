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

/** Review order follows criticality throughout the catalogue, so it is derived here rather than written per finding. */
const PRIORITY_OF = { high: 1, medium: 2, low: 3, info: 4 } as const satisfies Record<Criticality, FindingDefinition["priority"]>;

/** A catalogue entry, with its priority derived from its criticality. */
export const defineFinding = (definition: Omit<FindingDefinition, "priority">): FindingDefinition => ({
  ...definition,
  priority: PRIORITY_OF[definition.criticality],
});

/** Advertising by catalogue category, or marketing by purpose unless the vendor is a session-replay one. */
export const isAdvertising = (record: EvidenceRecord) =>
  record.category === "advertising" || (record.purpose === "marketing" && record.category !== "session_replay");

/** The caveat of every finding that rests on a catalogue's classification. */
export const CLASSIFICATION_CAVEAT =
  "Vendors and purposes come from public catalogues (the Open Cookie Database, EasyPrivacy and this service's tracker catalogue) and may be incomplete.";
