import type { Criticality, EvidencePhase, FindingCategory } from "../../contract/index.js";
import type { EvidenceRecord } from "../evidence-record.js";
import FINDING_TEXTS from "./finding-texts.json" with { type: "json" };

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

/** Picks the evidence a finding rests on; no evidence, no finding. */
export type FindingSelect = (evidence: readonly EvidenceRecord[]) => EvidenceRecord[];

/** One catalogue row: id, criticality, confidence, category, phase (null: any), and the selector. */
export type FindingRow = readonly [
  id: string,
  criticality: Criticality,
  confidence: FindingDefinition["confidence"],
  category: FindingCategory,
  phase: EvidencePhase | null,
  select: FindingSelect,
];

type FindingTexts = Pick<FindingDefinition, "label" | "description" | "caveats" | "nextSteps">;

/**
 * A catalogue from its rows, with each finding's words from `finding-texts.json`. Rules and words are kept
 * apart: the rules are code, reviewed with the projections; the words are data, reviewed as copy (and a
 * host could translate them). A row without words fails at load, so no finding ever ships without them.
 */
export function defineFindings(rows: readonly FindingRow[]): FindingDefinition[] {
  const texts = FINDING_TEXTS as Record<string, FindingTexts | undefined>;
  return rows.map(([id, criticality, confidence, category, phase, select]) => {
    const words = texts[id];
    if (words === undefined) throw new Error(`finding-texts.json has no words for ${id}`);
    return defineFinding({ id, criticality, confidence, category, phase, ...words, select });
  });
}

/** Advertising by catalogue category, or marketing by purpose unless the vendor is a session-replay one. */
export const isAdvertising = (record: EvidenceRecord) =>
  record.category === "advertising" || (record.purpose === "marketing" && record.category !== "session_replay");
