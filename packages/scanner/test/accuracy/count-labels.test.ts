import { describe, expect, it } from "vitest";
import { countBinary, countCategorical, countSet } from "./count-labels.js";

const counts = (truePositives: number, falsePositives: number, falseNegatives: number) => ({
  truePositives,
  falsePositives,
  falseNegatives,
});

describe("countSet", () => {
  it("counts items found and expected, found only, and expected only, each once", () => {
    expect(
      countSet({ expected: ["_ga@a.test", "_fbp@a.test", "IDE@doubleclick.net"], observed: ["_ga@a.test", "_ga@a.test", "x@a.test"] }),
    ).toEqual(counts(1, 1, 2));
    expect(countSet({ expected: [], observed: [] })).toEqual(counts(0, 0, 0));
  });
});

describe("countBinary", () => {
  it.each([
    [true, true, counts(1, 0, 0)],
    [false, true, counts(0, 1, 0)],
    [true, false, counts(0, 0, 1)],
    // A "no" both agree on is not counted: a page's plain absences do not raise the figures.
    [false, false, counts(0, 0, 0)],
  ])("expected %s, observed %s", (expected, observed, result) => {
    expect(countBinary({ expected, observed })).toEqual(result);
  });
});

describe("countCategorical", () => {
  it.each([
    { case: "the right CMP", expected: "Klaro", observed: "Klaro", result: counts(1, 0, 0) },
    { case: "a wrong CMP: a wrong claim and a miss", expected: "Klaro", observed: "Orejime", result: counts(0, 1, 1) },
    { case: "a CMP where there is none", expected: "none", observed: "heuristic", result: counts(0, 1, 0) },
    { case: "no CMP where there is one", expected: "cookieconsent3", observed: "none", result: counts(0, 0, 1) },
    { case: "none in both", expected: "none", observed: "none", result: counts(0, 0, 0) },
  ])("$case", ({ expected, observed, result }) => {
    expect(countCategorical({ expected, observed, none: "none" })).toEqual(result);
  });
});
