import type { FindingSummary } from "../contract/index.js";
import { SCORE_DEDUCTIONS } from "../projection/score/score-rubric.js";
import { deductionOf } from "../projection/score/to-score.js";

/**
 * What one finding takes off the score, with the rubric's rule that made it: the finding's own entry of the
 * published rubric, so a reader sees why it weighs what it does without leaving the report.
 */
export function scoreImpactText(finding: Pick<FindingSummary, "criticality" | "evidence">): string {
  const rule = SCORE_DEDUCTIONS[finding.criticality];
  const points = deductionOf(finding);
  if (points === 0) return `Does not lower the score: ${finding.criticality} findings are for information.`;
  const extra = points - rule.base;
  const further = Math.max(0, finding.evidence.exampleCount - 1);
  const rest =
    rule.perExtraExample === 0
      ? ""
      : extra === 0
        ? ""
        : `, and ${extra} for ${further} further example${further === 1 ? "" : "s"} (${rule.perExtraExample} each, at most ${rule.extraCap})`;
  return `Lowers the score by ${points} point${points === 1 ? "" : "s"}: ${rule.base} for a ${finding.criticality} finding${rest}.`;
}
