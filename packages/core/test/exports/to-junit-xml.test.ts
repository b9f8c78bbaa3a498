import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { toJunitXml } from "../../src/exports/index.js";
import { exportInputOf, withHostileRows } from "./support/export-input.js";

interface Case {
  "@_name": string;
  failure?: { "@_type": string; "@_message": string };
}
const parser = new XMLParser({
  ignoreAttributes: false,
  processEntities: true,
  htmlEntities: false,
  isArray: (name) => name === "testcase",
});
const casesOf = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = parser.parse(xml) as { testsuites: { "@_failures": string; testsuite: { "@_tests": string; testcase: Case[] } } };
  return parsed.testsuites;
};

describe("the JUnit export", () => {
  it("is well-formed XML with an assessment case, a score case and a case per finding", () => {
    const input = exportInputOf("daily-courier");
    const suites = casesOf(toJunitXml(input));
    const names = suites.testsuite.testcase.map((testCase) => testCase["@_name"]);
    expect(names).toEqual(["assessment", "score", ...input.findings.findings.map((finding) => finding.id)]);
    expect(Number(suites.testsuite["@_tests"])).toBe(names.length);
  });

  it("fails the findings at the threshold or above, and the score below the minimum", () => {
    const input = exportInputOf("daily-courier");
    const criticalities = input.findings.findings.map((finding) => finding.criticality);
    const failed = (xml: string) =>
      casesOf(xml)
        .testsuite.testcase.filter((testCase) => testCase.failure !== undefined)
        .map((testCase) => testCase["@_name"]);
    expect(failed(toJunitXml(input, { failOn: "high" }))).toHaveLength(criticalities.filter((level) => level === "high").length);
    expect(failed(toJunitXml(input, { failOn: "low" }))).toHaveLength(criticalities.filter((level) => level !== "info").length);
    expect(failed(toJunitXml(input, { failOn: null }))).toEqual([]);
    const score = input.findings.scan.score;
    expect(failed(toJunitXml(input, { failOn: "high", minScore: score + 1 }))).toContain("score");
    expect(failed(toJunitXml(input, { failOn: "high", minScore: score }))).not.toContain("score");
    expect(casesOf(toJunitXml(input, { failOn: "low" }))["@_failures"]).toBe(String(failed(toJunitXml(input, { failOn: "low" })).length));
  });

  it("fails the assessment case of a no-go", () => {
    const suites = casesOf(toJunitXml(exportInputOf("bot-challenge")));
    expect(suites.testsuite.testcase[0]).toMatchObject({ "@_name": "assessment", failure: { "@_type": "not_assessed" } });
  });

  it("stays well-formed whatever text it carries, and reads back as that text", () => {
    const input = withHostileRows(exportInputOf("daily-courier"));
    const label = ']]></failure><x a="1">&amp;';
    const first = { ...input.findings.findings[0]!, criticality: "high" as const, label, description: `<b>${label}</b>\u0001` };
    const xml = toJunitXml({ ...input, findings: { ...input.findings, findings: [first] } });
    const failure = casesOf(xml).testsuite.testcase[2]!.failure as unknown as { "@_message": string; "#text": string };
    expect(failure["@_message"]).toBe(label);
    expect(failure["#text"]).toContain(`<b>${label}</b>`);
    expect(xml).not.toContain("\u0001");
  });
});
