import { describe, expect, it } from "vitest";
import { FindingSummarySchema, PreConsentRowSchema } from "../../src/contract/index.js";
import { UNCLASSIFIED } from "../../src/observations/observation-primitives.js";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { readRecordedObservations, type RecordedScan } from "@public-scan/recorded-scans";

/** Observations recorded from real scans of the fixture web (@public-scan/recorded-scans, tools/recorded-scans). */
const recorded = (name: RecordedScan): ScanObservations => ScanObservationsSchema.parse(readRecordedObservations(name));

/**
 * The headline of real scans, pinned literally: a change of the rubric, the catalogue or a projection that
 * moves any of them must show here and bump the score version (docs/scoring.md). Re-record a fixture with
 * `pnpm scan <fixture url> --demo --json` when the scanner's observations change on purpose.
 */
const HEADLINES = [
  { fixture: "daily-courier", score: 0, riskLevel: "priority_review", coverage: "complete", findings: 9 },
  {
    fixture: "metrics-hub",
    score: 25,
    riskLevel: "priority_review",
    coverage: "complete",
    findings: [
      "pre_consent_advertising_tracker",
      "pre_consent_session_replay",
      "pre_consent_analytics_cookie",
      "pre_consent_analytics_tracker",
      "pre_consent_tracking_storage",
    ],
  },
  { fixture: "quiet-bakery", score: 100, riskLevel: "informational", coverage: "complete", findings: ["pre_consent_unclassified_cookie"] },
  { fixture: "green-grocer", score: 100, riskLevel: "informational", coverage: "complete", findings: [] },
  { fixture: "bot-challenge", score: 0, riskLevel: "not_assessed", coverage: "none", findings: [] },
] as const;

describe("headline results of real scans", () => {
  it.each(HEADLINES)("$fixture: score $score, $riskLevel, coverage $coverage", (headline) => {
    const report = toScanReport(recorded(headline.fixture));
    expect({ score: report.score, riskLevel: report.riskLevel, coverage: report.coverage.status }).toEqual({
      score: headline.score,
      riskLevel: headline.riskLevel,
      coverage: headline.coverage,
    });
    if (typeof headline.findings === "number") expect(report.findings).toHaveLength(headline.findings);
    else expect(report.findings.map((finding) => finding.id)).toEqual(headline.findings);
  });
});

describe("toScanReport from recorded observations", () => {
  it("daily-courier: trackers, cookies and storage before consent become findings in priority order", () => {
    const report = toScanReport(recorded("daily-courier"));
    expect(report.findings.map((finding) => finding.id)).toEqual([
      "pre_consent_advertising_tracker",
      "pre_consent_marketing_cookie",
      "pre_consent_session_replay",
      "pre_consent_analytics_cookie",
      "pre_consent_analytics_tracker",
      "pre_consent_third_party_cookie",
      "pre_consent_tracking_storage",
      "long_lived_cookie",
      "pre_consent_other_third_party_tracker",
    ]);
    const advertising = report.findings[0]!;
    expect(advertising.examples.map((example) => example.host).sort()).toEqual([
      "ad.doubleclick.net",
      "connect.facebook.net",
      "www.facebook.com",
    ]);
    expect(
      report.findings
        .find((finding) => finding.id === "pre_consent_third_party_cookie")!
        .examples.map((example) => example.name)
        .sort(),
    ).toEqual(["IDE", "VISITOR_INFO1_LIVE", "YSC"]);
    // Nine findings deduct more than 100 points: the score floors at 0 (headline pinned below).
    expect(report.score).toBe(0);
    expect(report.riskLevel).toBe("priority_review");
    expect(report).toMatchObject({
      status: "completed",
      scoreStatus: "final",
      resultDisposition: "standard",
      resultDispositionReason: null,
    });
    expect(report.coverage.status).toBe("complete");
  });

  it("daily-courier: the complete pre-consent table, marketing first", () => {
    const { preConsentRows } = toScanReport(recorded("daily-courier"));
    expect(
      preConsentRows
        .filter((row) => row.kind === "cookie")
        .map((row) => row.name)
        .sort(),
    ).toEqual(["IDE", "VISITOR_INFO1_LIVE", "YSC", "_fbp", "_ga", "_ga_DC7Q2K4M9B", "_hjSession_3456789"].sort());
    expect(preConsentRows.filter((row) => row.kind === "tracker").map((row) => row.host)).toContain("region1.google-analytics.com");
    expect(preConsentRows[0]!.priority).toBe(1);
    expect(preConsentRows.map((row) => row.priority)).toEqual([...preConsentRows.map((row) => row.priority)].sort((a, b) => a - b));
    for (const row of preConsentRows) expect(PreConsentRowSchema.parse(row)).toEqual(row);
  });

  it("quiet-bakery: one functional-looking session cookie of unknown purpose is informational only", () => {
    const report = toScanReport(recorded("quiet-bakery"));
    expect(report.findings.map((finding) => [finding.id, finding.criticality])).toEqual([["pre_consent_unclassified_cookie", "info"]]);
    expect(report).toMatchObject({ score: 100, riskLevel: "informational", status: "completed" });
  });

  it("green-grocer: a compliant banner, nothing before consent, no findings", () => {
    const report = toScanReport(recorded("green-grocer"));
    expect(report.findings).toEqual([]);
    expect(report.preConsentRows).toEqual([]);
    expect(report).toMatchObject({ score: 100, riskLevel: "informational" });
  });

  it("metrics-hub: an analytics identifier in storage, its vendor left open when the catalogues do not know it", () => {
    const report = toScanReport(recorded("metrics-hub"));
    const storage = report.findings.find((finding) => finding.id === "pre_consent_tracking_storage");
    expect(storage?.examples.map((example) => [example.name, example.vendor, example.purpose])).toEqual([
      ["ajs_anonymous_id", null, "analytics"],
    ]);
  });

  it("a bot challenge is a no-go: not assessed, no findings, never a clean score nor a measured 0", () => {
    const report = toScanReport(recorded("bot-challenge"));
    expect(report).toMatchObject({
      status: "completed_limited",
      scoreStatus: "not_assessed",
      riskLevel: "not_assessed",
      resultDisposition: "no_go",
      resultDispositionReason: { code: "bot_challenge" },
      coverage: { status: "none" },
      findings: [],
      preConsentRows: [],
    });
  });

  it("a failed collector makes coverage partial and the score provisional, and names what is missing", () => {
    const observations = recorded("daily-courier");
    observations.collectors = observations.collectors.map((collector) =>
      collector.id === "storage" ? { ...collector, status: "timed_out", reason: "collector_timeout", itemCount: 0 } : collector,
    );
    const report = toScanReport(observations);
    expect(report).toMatchObject({ status: "completed_limited", scoreStatus: "provisional", resultDisposition: "limited_coverage" });
    expect(report.coverage.status).toBe("partial");
    expect(report.coverage.limitations.join(" ")).toContain("browser storage: timed out");
  });

  it("every finding summary fits the contract", () => {
    for (const name of ["daily-courier", "quiet-bakery", "metrics-hub"] as const) {
      for (const finding of toScanReport(recorded(name)).findings) {
        const { description: _d, caveats: _c, nextSteps: _n, examples: _e, ...summary } = finding;
        expect(FindingSummarySchema.parse(summary)).toEqual(summary);
      }
    }
  });
});

describe("third-party services are not trackers", () => {
  type Request = ScanObservations["requests"][number];
  const request = (host: string, overrides: { category: string; vendor: string; purpose?: Request["classification"]["purpose"] }) =>
    ({
      host,
      registrableDomain: host.split(".").slice(-2).join("."),
      party: "third_party",
      resourceType: "font",
      initiatorHost: "www.quiet-bakery.test",
      status: 200,
      refused: false,
      count: 2,
      phase: "pre_consent",
      trackerListed: false,
      classification: {
        vendor: overrides.vendor,
        purpose: overrides.purpose ?? "functional",
        category: overrides.category,
        sources: ["tracker_catalogue"],
      },
    }) satisfies Request;
  // What a page with Google Fonts, a jsDelivr library and a YouTube thumbnail sends before consent.
  const SERVICES = [
    request("fonts.googleapis.com", { category: "fonts", vendor: "Google" }),
    request("fonts.gstatic.com", { category: "fonts", vendor: "Google" }),
    request("cdn.jsdelivr.net", { category: "static_cdn", vendor: "jsDelivr" }),
    request("i.ytimg.com", { category: "media_cdn", vendor: "Google" }),
  ];
  const withRequests = (name: RecordedScan, requests: readonly Request[]): ScanObservations => {
    const observations = recorded(name);
    return { ...observations, requests: [...observations.requests, ...requests] };
  };

  it("a services-only page has no tracker rows or findings, and the score of the page without them", () => {
    const without = toScanReport(recorded("quiet-bakery"));
    const report = toScanReport(withRequests("quiet-bakery", SERVICES));
    expect(report.preConsentRows.filter((row) => row.kind === "tracker")).toEqual([]);
    expect(report.findings.map((finding) => finding.id)).toEqual(without.findings.map((finding) => finding.id));
    expect(report.findings.flatMap((finding) => finding.examples).some((example) => example.kind === "tracker_request")).toBe(false);
    expect({ score: report.score, riskLevel: report.riskLevel }).toEqual({ score: without.score, riskLevel: without.riskLevel });
  });

  it("keeps each service host observable as a service row with its category and request count", () => {
    const rows = toScanReport(withRequests("quiet-bakery", SERVICES)).preConsentRows.filter((row) => row.kind === "service");
    expect(rows.map((row) => [row.host, row.name, row.vendor, row.party, row.requestCount]).sort()).toEqual([
      ["cdn.jsdelivr.net", "static_cdn", "jsDelivr", "third_party", 2],
      ["fonts.googleapis.com", "fonts", "Google", "third_party", 2],
      ["fonts.gstatic.com", "fonts", "Google", "third_party", 2],
      ["i.ytimg.com", "media_cdn", "Google", "third_party", 2],
    ]);
    for (const row of rows) expect(PreConsentRowSchema.parse(row)).toEqual(row);
  });

  it("leaves the findings and score of a page with trackers as they were when services are added", () => {
    const without = toScanReport(recorded("daily-courier"));
    const report = toScanReport(withRequests("daily-courier", SERVICES));
    expect(report.findings).toEqual(without.findings);
    expect(report.score).toBe(without.score);
    expect(report.preConsentRows.filter((row) => row.kind !== "service")).toEqual(without.preConsentRows);
  });

  it("keeps a service host a tracker when EasyPrivacy lists one of its requests", () => {
    const listed = {
      ...request("p.typekit.net", { category: "fonts", vendor: "Adobe" }),
      resourceType: "image",
      trackerListed: true,
    } as const;
    const report = toScanReport(withRequests("quiet-bakery", [request("p.typekit.net", { category: "fonts", vendor: "Adobe" }), listed]));
    expect(report.preConsentRows.filter((row) => row.host === "p.typekit.net").map((row) => [row.kind, row.requestCount])).toEqual([
      ["tracker", 4],
    ]);
    expect(report.findings.map((finding) => finding.id)).toContain("pre_consent_other_third_party_tracker");
  });

  it("calls an unknown third-party host with no listing neither a tracker nor a service", () => {
    const unknown = { ...request("static.example-cdn.net", { category: "fonts", vendor: "x" }), classification: UNCLASSIFIED };
    const report = toScanReport(withRequests("quiet-bakery", [unknown]));
    expect(report.preConsentRows.some((row) => row.host === "static.example-cdn.net")).toBe(false);
    expect(report.findings.map((finding) => finding.id)).toEqual(["pre_consent_unclassified_cookie"]);
  });
});
