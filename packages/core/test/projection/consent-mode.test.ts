import { readRecordedObservations } from "@public-scan/recorded-scans";
import { describe, expect, it } from "vitest";
import type { ConsentModeCommand, GoogleConsent } from "../../src/observations/google-consent-observation.js";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { declaredConsentState } from "../../src/projection/consent-mode-state.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";

const DENIED: GoogleConsent = {
  consentMode: true,
  adStorage: "denied",
  analyticsStorage: "denied",
  adUserData: "denied",
  adPersonalization: "denied",
};
const GRANTED: GoogleConsent = {
  consentMode: true,
  adStorage: "granted",
  analyticsStorage: "granted",
  adUserData: "granted",
  adPersonalization: "granted",
};
const NONE: GoogleConsent = {
  consentMode: false,
  adStorage: "not_set",
  analyticsStorage: "not_set",
  adUserData: "not_set",
  adPersonalization: "not_set",
};
const GOOGLE_HITS = new Set(["region1.google-analytics.com", "ad.doubleclick.net"]);

const command = (overrides: Partial<ConsentModeCommand>): ConsentModeCommand => ({
  phase: "pre_consent",
  command: "default",
  adStorage: "denied",
  analyticsStorage: "denied",
  adUserData: "denied",
  adPersonalization: "denied",
  regions: [],
  waitForUpdateMs: null,
  ...overrides,
});

/** The daily courier's recorded visit, its Google hits carrying `consent`, with the given commands (read) and cookies kept or not. */
function courier(options: { consent: GoogleConsent; commands?: ConsentModeCommand[]; googleCookies?: boolean }): ScanObservations {
  const recorded = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
  return ScanObservationsSchema.parse({
    ...recorded,
    requests: recorded.requests.map((request) =>
      GOOGLE_HITS.has(request.host) ? { ...request, googleConsent: options.consent } : request,
    ),
    cookies:
      options.googleCookies === false ? recorded.cookies.filter((cookie) => cookie.classification.vendor !== "Google") : recorded.cookies,
    consentMode: { phasesRead: ["pre_consent"], commands: options.commands ?? [], truncated: 0 },
  });
}
const ids = (observations: ScanObservations) => toScanReport(observations).findings.map((finding) => finding.id);

describe("Google Consent Mode findings", () => {
  it("finds storage granted before any choice in the hits, naming each host", () => {
    const report = toScanReport(courier({ consent: GRANTED }));
    const finding = report.findings.find((candidate) => candidate.id === "consent_mode_storage_granted_before_choice")!;
    expect(finding.examples.map((example) => example.host).sort()).toEqual(["ad.doubleclick.net", "region1.google-analytics.com"]);
    expect(finding.examples.every((example) => example.vendor === "Google" && example.phase === "pre_consent")).toBe(true);
  });

  it("finds storage granted by a consent default for an EEA visitor, and not by one limited to other regions", () => {
    const granted = command({ adStorage: "granted", analyticsStorage: "granted" });
    expect(ids(courier({ consent: DENIED, commands: [granted] }))).toContain("consent_mode_storage_granted_before_choice");
    expect(ids(courier({ consent: DENIED, commands: [{ ...granted, regions: ["US-CA", "BR"] }, command({})] }))).not.toContain(
      "consent_mode_storage_granted_before_choice",
    );
    expect(ids(courier({ consent: DENIED, commands: [{ ...granted, regions: ["DE"] }] }))).toContain(
      "consent_mode_storage_granted_before_choice",
    );
  });

  it("finds Google cookies set while consent mode denied their storage, and none when storage was granted", () => {
    const report = toScanReport(courier({ consent: DENIED, commands: [command({})] }));
    const finding = report.findings.find((candidate) => candidate.id === "google_cookies_while_storage_denied")!;
    // Analytics cookies against analytics_storage, marketing ones against ad_storage; YouTube's functional cookie is neither.
    expect(finding.examples.map((example) => example.name).sort()).toEqual(["IDE", "VISITOR_INFO1_LIVE", "_ga", "_ga_DC7Q2K4M9B"]);
    expect(ids(courier({ consent: GRANTED }))).not.toContain("google_cookies_while_storage_denied");
    expect(ids(courier({ consent: DENIED, googleCookies: false }))).not.toContain("google_cookies_while_storage_denied");
  });

  it("finds Google tags without consent mode, and none for hits that carry it or for scans that never decoded hits", () => {
    expect(ids(courier({ consent: NONE }))).toContain("google_tag_without_consent_mode");
    expect(ids(courier({ consent: DENIED }))).not.toContain("google_tag_without_consent_mode");
    expect(ids(ScanObservationsSchema.parse(readRecordedObservations("daily-courier")))).not.toContain("google_tag_without_consent_mode");
  });

  it("keeps cookieless pings as trackers before consent and says both readings in those findings' caveats", () => {
    const strict = toScanReport(courier({ consent: DENIED, googleCookies: false }));
    const untouched = toScanReport(courier({ consent: NONE, googleCookies: false }));
    const advertising = (report: typeof strict) => report.findings.find((finding) => finding.id === "pre_consent_advertising_tracker")!;
    expect(advertising(strict).examples).toEqual(advertising(untouched).examples);
    expect(advertising(strict).caveats.at(-1)).toBe(
      "1 of these hosts (ad.doubleclick.net) received only Google Consent Mode pings sent with storage denied: counted here as contacts " +
        "with a tracker before consent (the strict reading); read permissively, they are cookieless measurement.",
    );
    expect(advertising(untouched).caveats.join(" ")).not.toContain("Consent Mode");
    expect(strict.consent).toBeUndefined();
  });
});

describe("after reject, and the consent summary", () => {
  /** The courier with a banner, rejected successfully, and its Google hits again after reject carrying `afterReject`. */
  function rejected(afterReject: GoogleConsent): ScanObservations {
    const base = courier({ consent: DENIED, googleCookies: false, commands: [command({ waitForUpdateMs: 500 })] });
    const again = base.requests
      .filter((request) => GOOGLE_HITS.has(request.host))
      .map((request) => ({ ...request, phase: "after_reject" as const, googleConsent: afterReject }));
    return ScanObservationsSchema.parse({
      ...base,
      requests: [...base.requests, ...again],
      consent: {
        status: "ok",
        reason: null,
        steps: { autoconsent: "ok", bannerScan: "ok", apiProbe: "ok" },
        cmp: "cookieconsent3",
        detectedBy: "autoconsent",
        bannerVisible: true,
        frame: "main_frame",
        inShadowDom: false,
        firstLayer: null,
        classification: "accept_and_reject_first_layer",
        apis: { tcf: false, gpp: false, usp: false },
        tcf: null,
      },
      phases: [
        { phase: "pre_consent", status: "completed", reason: null, observeMs: 500 },
        { phase: "after_reject", status: "completed", reason: null, observeMs: 500 },
        { phase: "after_accept", status: "not_run", reason: "disabled", observeMs: null },
        { phase: "gpc", status: "not_run", reason: "disabled", observeMs: null },
      ],
      consentActions: {
        reject: { outcome: "succeeded", method: "autoconsent", verified: true, reason: null },
        accept: { outcome: "not_attempted", method: null, verified: null, reason: "disabled" },
      },
      consentMode: {
        phasesRead: ["pre_consent", "after_reject"],
        commands: [
          command({ waitForUpdateMs: 500 }),
          command({ phase: "after_reject", waitForUpdateMs: 500 }),
          command({
            phase: "after_reject",
            command: "update",
            analyticsStorage: afterReject.analyticsStorage === "granted" ? "granted" : "denied",
          }),
        ],
        truncated: 0,
      },
    });
  }

  it("finds storage granted after a successful reject, in the hits and in the page's update", () => {
    const report = toScanReport(rejected({ ...DENIED, analyticsStorage: "granted" }));
    const finding = report.findings.find((candidate) => candidate.id === "consent_mode_storage_granted_after_reject")!;
    expect(finding.examples.map((example) => example.host).sort()).toEqual([
      "ad.doubleclick.net",
      "region1.google-analytics.com",
      "www.daily-courier.test",
    ]);
    expect(ids(rejected(DENIED))).not.toContain("consent_mode_storage_granted_after_reject");
  });

  it("summarises each completed phase: the declared state, the hits by state, and the cookieless-only hosts", () => {
    const summary = toScanReport(rejected({ ...DENIED, analyticsStorage: "granted" })).consent!.consentMode!;
    expect(summary.phases.map((phase) => phase.phase)).toEqual(["pre_consent", "after_reject"]);
    expect(summary.phases[0]).toEqual({
      phase: "pre_consent",
      declared: { adStorage: "denied", analyticsStorage: "denied", adUserData: "denied", adPersonalization: "denied" },
      commands: 1,
      hits: { deniedPings: ["ad.doubleclick.net", "region1.google-analytics.com"], granted: [], withoutConsentMode: [] },
    });
    expect(summary.phases[1]!.declared!.analyticsStorage).toBe("granted");
    expect(summary.phases[1]!.hits.granted).toEqual(["ad.doubleclick.net", "region1.google-analytics.com"]);
    expect(summary.cookielessOnlyHosts).toEqual(["ad.doubleclick.net", "region1.google-analytics.com"]);
  });
});

describe("declaredConsentState", () => {
  it("lets an update win over a default, whatever their order, and a later default not undo an update", () => {
    expect(
      declaredConsentState([
        command({ command: "update", adStorage: "granted", analyticsStorage: null, adUserData: null, adPersonalization: null }),
        command({ adStorage: "denied", analyticsStorage: "denied" }),
      ]),
    ).toEqual({ adStorage: "granted", analyticsStorage: "denied", adUserData: "denied", adPersonalization: "denied" });
    expect(declaredConsentState([])).toEqual({
      adStorage: "not_set",
      analyticsStorage: "not_set",
      adUserData: "not_set",
      adPersonalization: "not_set",
    });
  });
});
