import { compareScans, type ComparableScan } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { formatChanges } from "../src/format-changes.js";

const scan = (overrides: Partial<ComparableScan> = {}): ComparableScan => ({
  score: 90,
  riskLevel: "informational",
  coverage: "complete",
  resultDisposition: "standard",
  findings: [],
  phases: [
    { phase: "pre_consent", completed: true, rows: [] },
    { phase: "after_reject", completed: true, rows: [] },
  ],
  ...overrides,
});

const pixel = {
  fingerprint: "00112233445566aa",
  kind: "tracker",
  host: "px.ads.example",
  name: null,
  vendor: "Ads Co",
  purpose: "marketing",
} as const;

describe("formatChanges", () => {
  it("prints score, risk, findings, the headlines and each phase's counts", () => {
    const after = scan({
      score: 55,
      riskLevel: "review_recommended",
      findings: [
        { id: "pre_consent_advertising_tracker", label: "Advertising tracker before consent", criticality: "high", phase: "pre_consent" },
      ],
      phases: [
        { phase: "pre_consent", completed: true, rows: [pixel] },
        { phase: "after_reject", completed: false, rows: [] },
      ],
    });
    expect(formatChanges(compareScans(scan(), after), "Since the baseline (main.json)").split("\n")).toEqual([
      "Since the baseline (main.json)",
      "  score 90 -> 55 (-35); risk informational -> review_recommended; coverage complete -> complete",
      "  findings: 1 new, 0 resolved, 0 unchanged",
      "  - A new advertising tracker, Ads Co, fires before consent (px.ads.example).",
      "  - New finding: Advertising tracker before consent.",
      "  - The score fell from 90 to 55 (risk level informational to review recommended).",
      "  - Not compared after reject: one of the scans did not complete that part; what it did not see is not reported as gone.",
      "  Before consent: 1 started, 0 stopped",
      "  After reject: not compared, this scan did not complete it",
    ]);
  });

  it("says when nothing that matters changed", () => {
    const text = formatChanges(compareScans(scan(), scan()), "Since the last scan");
    expect(text).toContain("  score 90 -> 90 (no change)");
    expect(text).toContain("  no change that matters where both scans looked");
  });
});
