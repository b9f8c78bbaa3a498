import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FINDING_CATALOGUE } from "../../src/projection/findings/finding-catalogue.js";
import { RISK_LEVELS, SCORE_DEDUCTIONS, SCORE_VERSION } from "../../src/projection/score/score-rubric.js";

/** docs/scoring.md publishes the rubric; these tests keep it equal to the tables the code uses. */
const doc = readFileSync(new URL("../../../../docs/scoring.md", import.meta.url), "utf8");

/** Rows of the first Markdown table under a `## heading`, without its header and separator rows. */
function tableAfter(heading: string): string[][] {
  const lines = doc
    .slice(doc.indexOf(`## ${heading}\n`))
    .split("\n")
    .slice(1);
  const next = lines.findIndex((line) => line.startsWith("## "));
  return lines
    .slice(0, next === -1 ? undefined : next)
    .filter((line) => line.startsWith("|") && !/^\|[\s|-]+\|$/.test(line))
    .slice(1)
    .map((line) =>
      line
        .split("|")
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
}

describe("docs/scoring.md", () => {
  it("names the current score version", () => {
    expect(doc).toContain(`Score version **${SCORE_VERSION}**`);
  });

  it("publishes the deduction table the code uses", () => {
    const rows = tableAfter("Deductions per finding").map(([criticality, base, perExtra, cap]) => [
      criticality,
      Number(base),
      Number(perExtra),
      Number(cap),
    ]);
    expect(rows).toEqual(
      Object.entries(SCORE_DEDUCTIONS).map(([criticality, rule]) => [criticality, rule.base, rule.perExtraExample, rule.extraCap]),
    );
  });

  it("publishes the risk levels the code uses", () => {
    expect(tableAfter("Risk levels").map(([minimum, level]) => [Number(minimum), level])).toEqual(
      RISK_LEVELS.map((row) => [row.minScore, row.level]),
    );
  });

  it("lists every finding of the catalogue with its metadata", () => {
    const rows = tableAfter("Findings catalogue").map(([id, criticality, priority, confidence]) => [
      id,
      criticality,
      Number(priority),
      confidence,
    ]);
    expect(rows.sort()).toEqual(
      FINDING_CATALOGUE.map((definition) => [definition.id, definition.criticality, definition.priority, definition.confidence]).sort(),
    );
  });
});
