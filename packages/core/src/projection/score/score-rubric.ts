import type { Criticality, RiskLevel } from "../../contract/index.js";

/** Version of the rubric below; changes with any number in it (docs/scoring.md). */
export const SCORE_VERSION = "2026-12-07.1" as const;

/**
 * Points deducted from 100 per finding: a base by criticality, plus a little per further example up to a
 * cap, so one tracker and twenty trackers differ without one finding swamping the score.
 * The same table is published in docs/scoring.md (a test compares them).
 */
export const SCORE_DEDUCTIONS = {
  high: { base: 20, perExtraExample: 2, extraCap: 10 },
  medium: { base: 10, perExtraExample: 1, extraCap: 5 },
  low: { base: 4, perExtraExample: 0, extraCap: 0 },
  info: { base: 0, perExtraExample: 0, extraCap: 0 },
} as const satisfies Record<Criticality, { base: number; perExtraExample: number; extraCap: number }>;

/**
 * Risk level from the score, first matching row; a review priority, never a legal severity. Any
 * high-criticality finding makes the level at least `review_recommended`.
 */
export const RISK_LEVELS = [
  { minScore: 90, level: "informational" },
  { minScore: 70, level: "review_suggested" },
  { minScore: 40, level: "review_recommended" },
  { minScore: 0, level: "priority_review" },
] as const satisfies ReadonlyArray<{ minScore: number; level: RiskLevel }>;
