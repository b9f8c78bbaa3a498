import { describe, expect, it } from "vitest";
import { courier, withTikTok } from "../../support/courier-versions.js";
import { evidenceFingerprint } from "../../../src/projection/changes/evidence-fingerprint.js";
import { toScanChanges, type ComparedReport } from "../../../src/projection/changes/to-scan-changes.js";
import { EVIDENCE_BASIS, type EvidencePhase } from "../../../src/contract/index.js";
import type { PhaseRun } from "../../../src/observations/phase-observation.js";
import type { PhaseRow } from "../../../src/projection/to-phase-rows.js";
import { toScanReport } from "../../../src/projection/to-scan-report.js";

const completed = (...phases: EvidencePhase[]): PhaseRun[] =>
  phases.map((phase) => ({ phase, status: "completed", reason: null, observeMs: 2000 }));

function finding(id: string, phase: EvidencePhase | null, criticality: "high" | "medium" | "low" | "info" = "medium") {
  return {
    id,
    label: `Label of ${id}`,
    criticality,
    priority: 2,
    confidence: "high" as const,
    category: "cookies" as const,
    phase,
    evidence: { basis: EVIDENCE_BASIS, exampleCount: 1, examplesShown: 1 },
    description: "",
    caveats: [],
    nextSteps: [],
    examples: [],
  };
}

const tracker = (vendor: string, host: string, purpose: PhaseRow["purpose"] = "marketing"): PhaseRow => ({
  kind: "tracker",
  name: null,
  vendor,
  host,
  purpose,
  party: "third_party",
  lifetimeSeconds: null,
  requestCount: 1,
  newInPhase: true,
});

function report(overrides: Partial<ComparedReport> = {}): ComparedReport {
  return {
    score: 80,
    riskLevel: "review_suggested",
    coverage: { status: "complete", summary: "", limitations: [] },
    resultDisposition: "standard",
    findings: [],
    preConsentRows: [],
    phaseRows: {},
    phases: completed("pre_consent", "after_reject"),
    ...overrides,
  };
}

describe("the changes between two scans of a target", () => {
  it("names the tracker a site's next version fires before consent, with its fingerprint and one headline", () => {
    const before = toScanReport(courier());
    const after = toScanReport(withTikTok(courier()));
    const changes = toScanChanges(before, after);
    const preConsent = changes.phases.find((phase) => phase.phase === "pre_consent")!;
    expect(preConsent).toMatchObject({ comparable: true, stopped: [], vendorsStarted: ["TikTok"], vendorsStopped: [] });
    expect(preConsent.started).toEqual([
      {
        fingerprint: evidenceFingerprint({ phase: "pre_consent", kind: "tracker", host: "analytics.tiktok.com", name: null }),
        kind: "tracker",
        host: "analytics.tiktok.com",
        name: null,
        vendor: "TikTok",
        purpose: "marketing",
      },
    ]);
    expect(preConsent.unchanged).toBe(before.preConsentRows.length);
    expect(changes.headlines[0]).toBe("A new advertising tracker, TikTok, fires before consent (analytics.tiktok.com).");
    expect(changes.coverage.comparable).toBe(true);
  });

  it("finds nothing between two scans that saw the same, and says nothing", () => {
    const changes = toScanChanges(toScanReport(courier()), toScanReport(courier()));
    expect(changes.phases.flatMap((phase) => [...phase.started, ...phase.stopped])).toEqual([]);
    expect(changes.findings.new).toEqual([]);
    expect(changes.findings.resolved).toEqual([]);
    expect(changes.findings.unchanged.length).toBeGreaterThan(0);
    expect(changes.score.delta).toBe(0);
    expect(changes.headlines).toEqual([]);
  });

  it("reports what stopped, and a finding resolved where the later scan looked", () => {
    const before = report({
      score: 60,
      riskLevel: "review_recommended",
      findings: [finding("pre_consent_third_party_tracker", "pre_consent", "high")],
      phaseRows: { after_reject: [tracker("Meta", "connect.facebook.net")] },
    });
    const after = report({ score: 90, riskLevel: "informational" });
    const changes = toScanChanges(before, after);
    expect(changes.findings.resolved.map((item) => item.id)).toEqual(["pre_consent_third_party_tracker"]);
    expect(changes.findings.notComparable).toEqual([]);
    const afterReject = changes.phases.find((phase) => phase.phase === "after_reject")!;
    expect(afterReject.stopped.map((row) => row.host)).toEqual(["connect.facebook.net"]);
    expect(afterReject.vendorsStopped).toEqual(["Meta"]);
    expect(changes.headlines).toEqual([
      "Resolved: Label of pre_consent_third_party_tracker.",
      "The score rose from 60 to 90 (risk level review recommended to informational).",
    ]);
  });

  it("says reject no longer stops a vendor that now loads after reject", () => {
    const changes = toScanChanges(report(), report({ phaseRows: { after_reject: [tracker("Meta", "connect.facebook.net")] } }));
    expect(changes.headlines).toEqual(["Reject no longer stops Meta: it fires after reject (connect.facebook.net)."]);
  });

  it("says one sentence per vendor, purpose and phase, naming its hosts and what it sets", () => {
    const cookie = (name: string, purpose: PhaseRow["purpose"]): PhaseRow => ({
      ...tracker("Google", "google.example", purpose),
      kind: "cookie",
      name,
    });
    const rows = [
      tracker("Google", "ads.google.example"),
      tracker("Google", "stats.google.example", "analytics"),
      cookie("_ga", "analytics"),
      cookie("IDE", "marketing"),
      tracker("Google", "pixel.google.example"),
      tracker("Cdn Co", "cdn.example", "functional"),
    ];
    const changes = toScanChanges(
      report(),
      report({ preConsentRows: rows.map((row) => ({ ...row, priority: 1, requestCount: 1 }) as never) }),
    );
    expect(changes.headlines.slice(0, 2)).toEqual([
      "A new advertising tracker, Google, fires before consent (ads.google.example, pixel.google.example) and sets IDE.",
      "A new analytics tracker, Google, fires before consent (stats.google.example) and sets _ga.",
    ]);
    // A functional service is listed among the rows, not announced.
    expect(changes.headlines.join(" ")).not.toContain("Cdn Co");
  });

  it("never reports as gone what the later scan did not look at: a phase it did not complete, a lower coverage", () => {
    const before = report({
      findings: [finding("tracking_after_reject", "after_reject"), finding("no_hsts", null, "low")],
      phaseRows: { after_reject: [tracker("Meta", "connect.facebook.net")] },
    });
    const after = report({ coverage: { status: "partial", summary: "", limitations: [] }, phases: completed("pre_consent") });
    const changes = toScanChanges(before, after);
    const afterReject = changes.phases.find((phase) => phase.phase === "after_reject")!;
    expect(afterReject).toMatchObject({ comparable: false, reason: "not_completed_now", stopped: [], started: [] });
    expect(changes.findings.resolved).toEqual([]);
    expect(changes.findings.notComparable.map((item) => item.id)).toEqual(["tracking_after_reject", "no_hsts"]);
    expect(changes.coverage).toEqual({ before: "complete", after: "partial", comparable: false });
    expect(changes.headlines).toEqual([
      "Not compared after reject: one of the scans did not complete that part; what it did not see is not reported as gone.",
    ]);
  });

  it("compares nothing with a page that was not assessed", () => {
    const before = toScanReport(courier());
    const noGo = report({ resultDisposition: "no_go", coverage: { status: "none", summary: "", limitations: [] }, phases: undefined });
    const changes = toScanChanges(before, noGo);
    expect(changes.phases.every((phase) => !phase.comparable && phase.started.length === 0 && phase.stopped.length === 0)).toBe(true);
    expect(changes.findings.resolved).toEqual([]);
    expect(changes.findings.notComparable.length).toBe(before.findings.length);
  });
});

describe("an evidence row's fingerprint", () => {
  it("is the same for the same row in any scan, and differs by phase, kind, host or name", () => {
    const row = { phase: "pre_consent" as const, kind: "cookie" as const, host: "youtube.com", name: "YSC" };
    expect(evidenceFingerprint(row)).toMatch(/^[0-9a-f]{16}$/);
    expect(evidenceFingerprint({ ...row, host: "YouTube.com" })).toBe(evidenceFingerprint(row));
    const variants = [
      { ...row, phase: "after_reject" as const },
      { ...row, kind: "storage" as const },
      { ...row, host: "www.youtube.com" },
      { ...row, name: "VISITOR_INFO1_LIVE" },
      { ...row, name: null },
    ];
    expect(new Set([row, ...variants].map(evidenceFingerprint)).size).toBe(6);
  });
});
