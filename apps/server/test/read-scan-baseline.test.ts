import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readScanBaseline } from "../src/read-scan-baseline.js";

describe("a scan baseline file", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "public-scan-baseline-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const file = async (name: string, text: string) => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };

  const comparable = {
    score: 40,
    riskLevel: "review_recommended",
    coverage: "complete",
    resultDisposition: "standard",
    findings: [{ id: "a_finding", label: "A finding", criticality: "high", phase: "pre_consent" }],
    phases: [
      {
        phase: "pre_consent",
        completed: true,
        rows: [{ fingerprint: "0123456789abcdef", kind: "tracker", host: "t.example", name: null, vendor: "T", purpose: "marketing" }],
      },
    ],
  };

  it("gives the whole comparable scan of a JSON result that carries one", async () => {
    const path = await file("comparable.json", JSON.stringify({ scan: {}, findings: { findings: [{ id: "a_finding" }] }, comparable }));
    expect(await readScanBaseline(path)).toEqual({ kind: "comparable", scan: comparable });
  });

  it("gives only the finding codes of a JSON result written before results carried `comparable`", async () => {
    const path = await file("ok.json", JSON.stringify({ scan: {}, findings: { findings: [{ id: "a_finding" }, { id: "b_finding" }] } }));
    const baseline = await readScanBaseline(path);
    expect(baseline.kind === "codes" && [...baseline.codes]).toEqual(["a_finding", "b_finding"]);
  });

  it.each([
    ["missing.json", null, /ENOENT/],
    ["broken.json", "{", /JSON/],
    ["sarif.json", JSON.stringify({ version: "2.1.0", runs: [] }), /not a scan result/],
    ["ids.json", JSON.stringify({ findings: { findings: [{ id: 7 }] } }), /not a scan result/],
    // A comparable section that does not validate is refused, not read as a scan that saw nothing.
    [
      "rows.json",
      JSON.stringify({
        findings: { findings: [] },
        comparable: { ...comparable, phases: [{ phase: "pre_consent", completed: true, rows: [{ host: "x" }] }] },
      }),
      /comparable section is not valid/,
    ],
    [
      "phase.json",
      JSON.stringify({
        findings: { findings: [] },
        comparable: { ...comparable, phases: [{ phase: "later", completed: true, rows: [] }] },
      }),
      /comparable section is not valid/,
    ],
  ])("refuses %s with a message, never reading it as no findings", async (name, text, message) => {
    const path = text === null ? join(dir, name) : await file(name, text);
    await expect(readScanBaseline(path)).rejects.toThrow(message);
  });
});
