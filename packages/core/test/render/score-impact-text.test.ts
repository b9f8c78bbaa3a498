import { describe, expect, it } from "vitest";
import { scoreImpactText } from "../../src/render/score-impact-text.js";
import { deductionOf } from "../../src/projection/score/to-score.js";

const finding = (criticality: "high" | "medium" | "low" | "info", exampleCount: number) => ({
  criticality,
  evidence: { exampleCount } as never,
});

describe("scoreImpactText", () => {
  it("says the finding's deduction and the rubric rule behind it", () => {
    expect(scoreImpactText(finding("high", 1))).toBe("Lowers the score by 20 points: 20 for a high finding.");
    expect(scoreImpactText(finding("high", 4))).toBe(
      "Lowers the score by 26 points: 20 for a high finding, and 6 for 3 further examples (2 each, at most 10).",
    );
    // The cap: 30 further examples still add 10.
    expect(scoreImpactText(finding("high", 31))).toContain("Lowers the score by 30 points");
    expect(scoreImpactText(finding("medium", 2))).toBe(
      "Lowers the score by 11 points: 10 for a medium finding, and 1 for 1 further example (1 each, at most 5).",
    );
    expect(scoreImpactText(finding("low", 9))).toBe("Lowers the score by 4 points: 4 for a low finding.");
    expect(scoreImpactText(finding("info", 3))).toBe("Does not lower the score: info findings are for information.");
  });

  it("states the same number the score was computed with", () => {
    for (const level of ["high", "medium", "low", "info"] as const)
      for (const count of [1, 2, 5, 40]) {
        const points = deductionOf(finding(level, count));
        expect(scoreImpactText(finding(level, count))).toMatch(points === 0 ? /^Does not/ : new RegExp(`by ${points} point`));
      }
  });
});
