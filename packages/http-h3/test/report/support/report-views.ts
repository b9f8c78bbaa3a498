import type { ReportView, ScanJob, ScanObservations } from "@public-scan/core";
import { completedRecordFrom, contractExamples, createLinkBuilder, toReportView } from "@public-scan/core/testing";
import { readRecordedObservations, type RecordedScan } from "@public-scan/recorded-scans";

export const BASE_URL = "https://scan.example.org";

/** A report view of a completed record built from observations recorded on the fixture web. */
export function reportViewOf(fixture: RecordedScan): ReportView {
  return toReportView(completedRecordFrom(readRecordedObservations(fixture) as ScanObservations), createLinkBuilder(BASE_URL));
}

/**
 * A report view compared with the site's previous version, made from the same recording by `previous`: what
 * `previous` removes is what the view shows as started since the last scan.
 */
export function reportViewSince(fixture: RecordedScan, previous: (observations: ScanObservations) => ScanObservations): ReportView {
  const observations = readRecordedObservations(fixture) as ScanObservations;
  return toReportView(
    completedRecordFrom(observations),
    createLinkBuilder(BASE_URL),
    completedRecordFrom(previous(structuredClone(observations))),
  );
}

/** The daily-courier's previous version, for `reportViewSince`: the same page before Meta's pixel was added. */
export const withoutMetaPixel = (observations: ScanObservations): ScanObservations => ({
  ...observations,
  requests: observations.requests.filter((request) => request.host !== "connect.facebook.net" && request.host !== "www.facebook.com"),
});

/** The contract example of a running job, with overrides. */
export function scanJobWith(overrides: Partial<ScanJob> = {}): ScanJob {
  return { ...(contractExamples.scanJob as ScanJob), ...overrides };
}

/**
 * The daily-courier view with a matrix of a scan that completed three phases (GPC did not run): recorded
 * scans predate the later phases, so their own matrix has the pre-consent column only.
 */
export function withPhaseMatrix(view: ReportView): ReportView {
  return {
    ...view,
    vendorPhases: {
      phases: ["pre_consent", "after_reject", "after_accept"],
      rows: [
        {
          vendor: "Google",
          phases: {
            pre_consent: { trackerHosts: 3, requests: 5, cookies: 2, storageKeys: 0 },
            after_reject: { trackerHosts: 1, requests: 1, cookies: 0, storageKeys: 0 },
            after_accept: { trackerHosts: 4, requests: 9, cookies: 3, storageKeys: 1 },
          },
        },
        {
          vendor: "Meta",
          phases: {
            pre_consent: { trackerHosts: 0, requests: 0, cookies: 0, storageKeys: 0 },
            after_reject: { trackerHosts: 0, requests: 0, cookies: 0, storageKeys: 0 },
            after_accept: { trackerHosts: 2, requests: 3, cookies: 1, storageKeys: 0 },
          },
        },
      ],
    },
  };
}

/**
 * The view with transport, privacy-policy and US-law checklists of every outcome: recorded scans predate
 * the site checks, so their own view has none.
 */
export function withSiteChecks(view: ReportView): ReportView {
  return {
    ...view,
    checks: [
      {
        area: "transport",
        title: "Transport and TLS",
        checks: [
          { code: "served_over_https", label: "Page served over HTTPS", outcome: "passed", detail: null },
          { code: "hsts", label: "HTTP Strict Transport Security (HSTS)", outcome: "issue", detail: "No header." },
          { code: "modern_tls", label: "TLS 1.2 or newer", outcome: "not_checked", detail: null },
        ],
      },
      {
        area: "privacy_policy",
        title: "Privacy policy",
        checks: [
          {
            code: "privacy_policy_link",
            label: "Privacy policy linked from the page",
            outcome: "passed",
            detail: "Linked from the page footer.",
          },
          { code: "discloses_retention", label: "How long data is kept", outcome: "issue", detail: null },
        ],
      },
      {
        area: "us_privacy",
        title: "US privacy signals (CCPA/CPRA)",
        checks: [{ code: "us_privacy_choices_icon", label: "Privacy choices icon", outcome: "absent", detail: null }],
      },
    ],
  };
}

/**
 * The view of a scan that completed before consent, after reject and after accept (not GPC), with their
 * per-phase tables: recorded scans predate the later phases.
 */
export function withPhaseRows(view: ReportView): ReportView {
  const row = (name: string, newInPhase: boolean, lifetimeSeconds: number | null) => ({
    kind: "cookie" as const,
    name,
    vendor: "Google",
    host: "doubleclick.net",
    purpose: "marketing" as const,
    party: "third_party" as const,
    lifetimeSeconds,
    requestCount: null,
    newInPhase,
  });
  return {
    ...view,
    phases: view.phases.map((phase) => (phase.phase === "gpc" ? phase : { ...phase, status: "observed" })),
    phaseRows: {
      after_reject: [],
      after_accept: [
        row("_gcl_au", true, 7_776_000),
        row("IDE", false, 34_000_000),
        { ...row("", true, null), kind: "tracker", name: null, host: "www.google-analytics.com", purpose: "analytics", requestCount: 4 },
      ],
    },
  };
}

/**
 * The view with a timeline of a visit whose banner showed at 1.2 s, rejected at 3.0 s: two trackers before
 * consent (one before the banner), one after reject. Recorded scans predate the timeline.
 */
export function withTimeline(view: ReportView): ReportView {
  return {
    ...view,
    timeline: {
      marks: [
        { kind: "banner_shown", atMs: 1200 },
        { kind: "pre_consent_snapshot", atMs: 3000 },
        { kind: "reject", atMs: 3000 },
        { kind: "after_reject_snapshot", atMs: 6050 },
      ],
      hits: [
        { atMs: 420, host: "www.googletagmanager.com", vendor: "Google", party: "third_party", phase: "pre_consent", requests: 2 },
        { atMs: 1850, host: "connect.facebook.net", vendor: "Meta", party: "third_party", phase: "pre_consent", requests: 1 },
        { atMs: 3400, host: "stats.g.doubleclick.net", vendor: "Google", party: "third_party", phase: "after_reject", requests: 3 },
      ],
      hiddenHits: 2,
      endMs: 6050,
    },
  };
}
