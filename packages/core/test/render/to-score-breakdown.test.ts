import { describe, expect, it } from "vitest";
import { toScoreBreakdown } from "../../src/render/to-score-breakdown.js";
import { RISK_LEVELS, SCORE_DEDUCTIONS } from "../../src/projection/score/score-rubric.js";
import { completedRecord } from "../fixtures/completed-record.js";

const summary = (criticality: "high" | "medium" | "low" | "info", exampleCount: number) => ({
  criticality,
  evidence: { basis: "public_report_projection" as const, exampleCount, examplesShown: exampleCount },
});

describe("the score breakdown", () => {
  it("deducts by the rubric, per criticality, most important first", () => {
    const breakdown = toScoreBreakdown([summary("low", 1), summary("high", 3), summary("medium", 1), summary("info", 4)]);
    const high = SCORE_DEDUCTIONS.high.base + 2 * SCORE_DEDUCTIONS.high.perExtraExample;
    expect(breakdown.deductions).toEqual([
      { criticality: "high", findings: 1, points: high },
      { criticality: "medium", findings: 1, points: SCORE_DEDUCTIONS.medium.base },
      { criticality: "low", findings: 1, points: SCORE_DEDUCTIONS.low.base },
    ]);
    expect(breakdown.unclamped).toBe(100 - high - SCORE_DEDUCTIONS.medium.base - SCORE_DEDUCTIONS.low.base);
    expect(breakdown.score).toBe(breakdown.unclamped);
    expect(breakdown.bands).toBe(RISK_LEVELS);
  });

  it("says when the findings deduct more than 100, and gives the score the report has", () => {
    for (const name of ["daily-courier", "quiet-bakery", "metrics-hub", "green-grocer"] as const) {
      const { report } = completedRecord(name);
      const breakdown = toScoreBreakdown(report.findings);
      expect(breakdown.score, name).toBe(report.score);
    }
    const courier = toScoreBreakdown(completedRecord("daily-courier").report.findings);
    expect(courier.unclamped).toBeLessThan(0);
    expect(courier.score).toBe(0);
  });
});
