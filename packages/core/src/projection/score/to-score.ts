import type { RiskLevel } from "../../contract/index.js";
import type { Finding } from "../findings/to-findings.js";
import { RISK_LEVELS, SCORE_DEDUCTIONS } from "./score-rubric.js";

/** Points one finding deducts, by the published rubric. */
export function deductionOf(finding: Pick<Finding, "criticality" | "evidence">): number {
  const rule = SCORE_DEDUCTIONS[finding.criticality];
  const extra = Math.min(rule.extraCap, Math.max(0, finding.evidence.exampleCount - 1) * rule.perExtraExample);
  return rule.base + extra;
}

/** The integer score, 0 to 100, and the risk level it implies. */
export function toScore(findings: readonly Finding[]): { score: number; riskLevel: RiskLevel } {
  const score = Math.max(0, 100 - findings.reduce((sum, finding) => sum + deductionOf(finding), 0));
  let riskLevel: RiskLevel = RISK_LEVELS.find((row) => score >= row.minScore)?.level ?? "priority_review";
  const order: RiskLevel[] = ["informational", "review_suggested", "review_recommended", "priority_review"];
  if (findings.some((finding) => finding.criticality === "high") && order.indexOf(riskLevel) < order.indexOf("review_recommended")) {
    riskLevel = "review_recommended";
  }
  return { score, riskLevel };
}
