import { describe, expect, it } from "vitest";
import { describeScoreReading } from "../../src/render/describe-score-reading.js";

const readings = [
  { regime: "eu_opt_in" as const, score: 12, riskLevel: "priority_review" as const, findingsCounted: 7 },
  { regime: "us_opt_out" as const, score: 96, riskLevel: "informational" as const, findingsCounted: 1 },
];

describe("describeScoreReading", () => {
  it("names the rule the score follows and gives the other rule's score beside it", () => {
    expect(describeScoreReading({ lens: "us_opt_out", readings })).toBe(
      "Read under the US opt-out rule; under the EU opt-in rule: 12/100 (priority review).",
    );
    expect(describeScoreReading({ lens: "combined", readings })).toBe(
      "Every finding counts (no single legal reading); under the EU opt-in rule: 12/100 (priority review); under the US opt-out rule: 96/100 (informational).",
    );
  });

  it("says nothing for a scan that was not assessed, or a server that sends no reading", () => {
    expect(describeScoreReading({ lens: "eu_opt_in", readings: [] })).toBeNull();
    expect(describeScoreReading(undefined)).toBeNull();
  });
});
