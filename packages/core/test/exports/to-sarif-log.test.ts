import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { toSarifLog } from "../../src/exports/index.js";
import { exportInputOf, HOSTILE_NAMES, withHostileRows } from "./support/export-input.js";

const schema = JSON.parse(readFileSync(new URL("sarif-schema-2.1.0.json", import.meta.url), "utf8")) as object;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

describe("the SARIF export", () => {
  it("is a valid SARIF 2.1.0 log for a scan with findings and for a no-go", () => {
    for (const name of ["daily-courier", "quiet-bakery", "bot-challenge"] as const) {
      const log = toSarifLog(withHostileRows(exportInputOf(name)), { toolVersion: "1.2.3" });
      const valid = validate(JSON.parse(JSON.stringify(log)));
      expect(validate.errors ?? [], name).toEqual([]);
      expect(valid).toBe(true);
    }
  });

  it("has one rule per finding code and one result per finding, at the scanned URL, with the criticality as level", () => {
    const input = exportInputOf("daily-courier");
    const log = toSarifLog(input, { toolVersion: "1.2.3" });
    const run = log.runs[0]!;
    const findings = input.findings.findings;
    expect(findings.length).toBeGreaterThan(0);
    expect(run.tool.driver.rules.map((rule) => rule.id)).toEqual(findings.map((finding) => finding.id));
    expect(run.results).toHaveLength(findings.length);
    for (const [index, result] of run.results.entries()) {
      const finding = findings[index]!;
      expect(run.tool.driver.rules[result.ruleIndex]!.id).toBe(result.ruleId);
      expect(result.level).toBe({ high: "error", medium: "warning", low: "note", info: "none" }[finding.criticality]);
      expect(result.locations[0]!.physicalLocation.artifactLocation.uri).toBe(input.findings.scan.url);
    }
    expect(run.properties).toMatchObject({ score: input.findings.scan.score, riskLevel: input.findings.scan.riskLevel });
  });

  it("fingerprints a finding by site and code, so the same finding on a later scan is the same alert", () => {
    const first = toSarifLog(exportInputOf("daily-courier"), { toolVersion: "1" }).runs[0]!.results;
    const again = toSarifLog(exportInputOf("daily-courier"), { toolVersion: "2" }).runs[0]!.results;
    expect(again.map((result) => result.partialFingerprints)).toEqual(first.map((result) => result.partialFingerprints));
    expect(new Set(first.map((result) => result.partialFingerprints["publicScanFinding/v1"])).size).toBe(first.length);
  });

  it("carries names from the page as data, never a query string", () => {
    const text = JSON.stringify(toSarifLog(withHostileRows(exportInputOf("daily-courier")), { toolVersion: "1" }));
    for (const name of HOSTILE_NAMES) expect(text).toContain(JSON.stringify(name).slice(1, -1));
    expect(text).not.toMatch(/https?:\/\/[^"]*\?/);
  });
});
