import { describe, expect, it } from "vitest";
import { renderFixtureAccuracy } from "./render-fixture-accuracy.js";
import { sumSiteMeasures } from "./sum-site-measures.js";

const counts = (truePositives: number, falsePositives: number, falseNegatives: number) => ({
  truePositives,
  falsePositives,
  falseNegatives,
});

describe("sumSiteMeasures and renderFixtureAccuracy", () => {
  it("sum the sites per row in a fixed order, leave out rows no site is scored on, and render both tables", () => {
    const accuracy = sumSiteMeasures([
      {
        site: "b",
        evidence: [{ phase: "gpc", kind: "cookies", counts: counts(2, 0, 1), errors: ["gpc cookies: missed x@b.test"] }],
        labels: [{ label: "cmp", counts: counts(1, 0, 0), errors: [] }],
      },
      {
        site: "a",
        evidence: [
          { phase: "gpc", kind: "cookies", counts: counts(1, 1, 0), errors: ["gpc cookies: wrongly found y@a.test"] },
          { phase: "pre_consent", kind: "trackerHosts", counts: counts(3, 0, 0), errors: [] },
        ],
        labels: [],
      },
    ]);
    expect(accuracy.errors).toEqual(["b: gpc cookies: missed x@b.test", "a: gpc cookies: wrongly found y@a.test"]);
    expect(renderFixtureAccuracy(accuracy)).toBe(
      [
        "| Phase | Evidence | Sites | Expected | Found right | Found wrongly | Missed | Precision | Recall |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        "| pre_consent | tracker hosts | 1 | 3 | 3 | 0 | 0 | 1.00 | 1.00 |",
        "| gpc | cookies | 2 | 4 | 3 | 1 | 1 | 0.75 | 0.75 |",
        "",
        "| Label | Sites | Expected | Found right | Found wrongly | Missed | Precision | Recall |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        "| CMP | 1 | 1 | 1 | 0 | 0 | 1.00 | 1.00 |",
        "",
        "What the scans got wrong:",
        "",
        "- a: gpc cookies: wrongly found y@a.test",
        "- b: gpc cookies: missed x@b.test",
      ].join("\n"),
    );
    expect(renderFixtureAccuracy({ evidence: [], labels: [], errors: [] })).toMatch(/\nWhat the scans got wrong: nothing\.$/);
  });
});
