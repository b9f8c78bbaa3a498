import type { FindingSummary } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { evaluateScanGate } from "../src/evaluate-scan-gate.js";

const finding = (id: string, criticality: FindingSummary["criticality"]): FindingSummary => ({
  id,
  label: id,
  criticality,
  priority: 1,
  confidence: "high",
  category: "trackers",
  phase: "pre_consent",
  evidence: { basis: "public_report_projection", exampleCount: 1, examplesShown: 1 },
});
const findings = [finding("ad_tracker", "high"), finding("analytics_cookie", "medium"), finding("no_hsts", "low"), finding("note", "info")];
const gate = { failOn: null, minScore: null, baseline: null };

describe("the scan command's CI gate", () => {
  it("fails on findings at the threshold or above, and names them", () => {
    expect(evaluateScanGate({ score: 50 }, findings, { ...gate, failOn: "high" })).toMatchObject({
      passed: false,
      reasons: ["1 finding at high or above: ad_tracker"],
    });
    expect(evaluateScanGate({ score: 50 }, findings, { ...gate, failOn: "low" }).failing.map((found) => found.id)).toEqual([
      "ad_tracker",
      "analytics_cookie",
      "no_hsts",
    ]);
    expect(evaluateScanGate({ score: 50 }, findings.slice(1), { ...gate, failOn: "high" }).passed).toBe(true);
  });

  it("fails a score under the minimum, and not one at it", () => {
    expect(evaluateScanGate({ score: 69 }, [], { ...gate, minScore: 70 })).toMatchObject({
      passed: false,
      reasons: ["score 69 is under the minimum 70"],
    });
    expect(evaluateScanGate({ score: 70 }, [], { ...gate, minScore: 70 }).passed).toBe(true);
  });

  it("with a baseline, counts only new findings", () => {
    const baseline = new Set(["ad_tracker"]);
    expect(evaluateScanGate({ score: 50 }, findings, { ...gate, failOn: "high", baseline }).passed).toBe(true);
    expect(evaluateScanGate({ score: 50 }, findings, { ...gate, failOn: "medium", baseline })).toMatchObject({
      passed: false,
      reasons: ["1 new finding at medium or above: analytics_cookie"],
    });
  });

  it("passes when no gate is set", () => {
    expect(evaluateScanGate({ score: 0 }, findings, gate).passed).toBe(true);
  });
});
