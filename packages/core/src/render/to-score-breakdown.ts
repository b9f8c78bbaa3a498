import type { Criticality, FindingSummary, RiskLevel } from "../contract/index.js";
import { CRITICALITY_ORDER } from "../exports/criticality-rank.js";
import { RISK_LEVELS } from "../projection/score/score-rubric.js";
import { deductionOf } from "../projection/score/to-score.js";

/** How a score was reached by the published rubric: 100, less what each criticality's findings deduct. */
export interface ScoreBreakdown {
  /** Per criticality that deducted anything, most important first. */
  deductions: Array<{ criticality: Criticality; findings: number; points: number }>;
  /** 100 less every deduction; below 0 when the findings deduct more than 100. */
  unclamped: number;
  /** The score as given: never below 0 ("shown as 0"). */
  score: number;
  /** The risk bands of the rubric, highest score first: a score at or above `minScore` is in `level`. */
  bands: ReadonlyArray<{ minScore: number; level: RiskLevel }>;
}

/** The breakdown of an assessed scan's score from its findings (the same `deductionOf` that scored it). */
export function toScoreBreakdown(findings: ReadonlyArray<Pick<FindingSummary, "criticality" | "evidence">>): ScoreBreakdown {
  const deductions = CRITICALITY_ORDER.map((criticality) => {
    const matching = findings.filter((finding) => finding.criticality === criticality);
    return { criticality, findings: matching.length, points: matching.reduce((sum, finding) => sum + deductionOf(finding), 0) };
  }).filter((row) => row.points > 0);
  const unclamped = 100 - deductions.reduce((sum, row) => sum + row.points, 0);
  return { deductions, unclamped, score: Math.max(0, unclamped), bands: RISK_LEVELS };
}
