import { describe, expect, it } from "vitest";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { type ConsentObservation } from "../../src/observations/consent-observation.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { readRecordedObservations, type RecordedScan } from "@public-scan/recorded-scans";

const recorded = (name: RecordedScan): ScanObservations => ScanObservationsSchema.parse(readRecordedObservations(name));

const banner = (classification: ConsentObservation["classification"], status: ConsentObservation["status"] = "ok"): ConsentObservation => ({
  status,
  reason: null,
  steps: { autoconsent: "ok", bannerScan: "ok", apiProbe: "ok" },
  cmp: classification === "no_banner_detected" ? null : "cookieconsent3",
  detectedBy: classification === "no_banner_detected" ? null : "autoconsent",
  bannerVisible: classification !== "no_banner_detected",
  frame: classification === "no_banner_detected" ? null : "main_frame",
  inShadowDom: classification === "no_banner_detected" ? null : false,
  firstLayer: null,
  classification,
  apis: { tcf: false, gpp: false, usp: false },
  tcf: null,
});

const ALL_COMPLETED = (["pre_consent", "after_reject", "after_accept", "gpc"] as const).map((phase) => ({
  phase,
  status: "completed" as const,
  reason: null,
  observeMs: 500,
}));
const ACTIONS = {
  reject: { outcome: "succeeded" as const, method: "autoconsent" as const, verified: true, reason: null },
  accept: { outcome: "succeeded" as const, method: "autoconsent" as const, verified: true, reason: null },
};

/** Evidence of one phase: the pre-consent evidence of the recorded site, re-labelled with another phase. */
function copyOfPhase(observations: ScanObservations, phase: "after_reject" | "after_accept" | "gpc") {
  return {
    requests: observations.requests.filter((request) => request.phase === "pre_consent").map((request) => ({ ...request, phase })),
    cookies: observations.cookies.filter((cookie) => cookie.phase === "pre_consent").map((cookie) => ({ ...cookie, phase })),
  };
}

const ids = (observations: ScanObservations) =>
  toScanReport(ScanObservationsSchema.parse(observations)).findings.map((finding) => finding.id);

describe("consent findings", () => {
  it("reads the first layer: accept only, reject behind settings, no choice; a compliant banner gives none", () => {
    const base = recorded("green-grocer");
    expect(ids({ ...base, consent: banner("accept_only") })).toContain("consent_banner_accept_only");
    expect(ids({ ...base, consent: banner("reject_behind_settings") })).toContain("consent_reject_not_on_first_layer");
    expect(ids({ ...base, consent: banner("cosmetic_only") })).toContain("consent_notice_without_choice");
    const compliant = ids({ ...base, consent: banner("accept_and_reject_first_layer") });
    expect(compliant.filter((id) => id.startsWith("consent_"))).toEqual([]);
  });

  it("reports a missing banner only when detection ran and tracking was seen", () => {
    const courier = recorded("daily-courier");
    expect(ids({ ...courier, consent: banner("no_banner_detected", "not_detected") })).toContain("no_consent_banner_with_tracking");
    // A detection that failed proves nothing: no finding, and coverage says so.
    const failed = { ...courier, consent: { ...banner("undetermined", "failed"), reason: "collector_timeout" } };
    expect(ids(failed)).not.toContain("no_consent_banner_with_tracking");
    // A site without tracking and without a banner is not a finding either.
    expect(ids({ ...recorded("quiet-bakery"), consent: banner("no_banner_detected", "not_detected") })).not.toContain(
      "no_consent_banner_with_tracking",
    );
  });

  it("finds tracking and new cookies after a successful reject, and nothing when reject could not be used", () => {
    const courier = recorded("daily-courier");
    const afterReject = copyOfPhase(courier, "after_reject");
    const newCookie = {
      ...courier.cookies.find((cookie) => cookie.classification.purpose === "marketing")!,
      name: "_fbp_after",
      phase: "after_reject" as const,
    };
    const observations: ScanObservations = {
      ...courier,
      consent: banner("accept_and_reject_first_layer"),
      phases: ALL_COMPLETED,
      consentActions: ACTIONS,
      requests: [...courier.requests, ...afterReject.requests],
      cookies: [...courier.cookies, ...afterReject.cookies, newCookie],
    };
    const report = toScanReport(ScanObservationsSchema.parse(observations));
    expect(report.consent).toMatchObject({
      cmp: "cookieconsent3",
      classification: "accept_and_reject_first_layer",
      reject: { outcome: "succeeded", reason: null },
      accept: { outcome: "succeeded", reason: null },
    });
    // The GPC visit ran and contacted no tracker: every pre-consent tracker counts as stopped.
    expect(report.consent?.gpc?.stillFired).toEqual([]);
    const tracking = report.findings.find((finding) => finding.id === "tracking_after_reject");
    expect(tracking?.examples.map((example) => example.host)).toEqual(
      expect.arrayContaining(["connect.facebook.net", "ad.doubleclick.net", "region1.google-analytics.com"]),
    );
    expect(tracking?.examples.every((example) => example.phase === "after_reject")).toBe(true);
    expect(tracking?.examples.map((example) => example.host)).not.toContain("www.youtube.com");
    // Cookies that were already there before the choice are not "set after reject"; the new one is.
    const cookies = report.findings.find((finding) => finding.id === "cookies_set_after_reject");
    expect(cookies?.examples.map((example) => example.name)).toEqual(["_fbp_after"]);

    const notUsed = {
      ...observations,
      consentActions: {
        ...ACTIONS,
        reject: { outcome: "failed" as const, method: "autoconsent" as const, verified: null, reason: "click_failed" },
      },
    };
    expect(ids(notUsed)).not.toContain("tracking_after_reject");
  });

  it("finds advertising under GPC only when the GPC visit ran", () => {
    const courier = recorded("daily-courier");
    const gpc = copyOfPhase(courier, "gpc");
    const observations = { ...courier, phases: ALL_COMPLETED, consentActions: ACTIONS, requests: [...courier.requests, ...gpc.requests] };
    const report = toScanReport(ScanObservationsSchema.parse(observations));
    const finding = report.findings.find((candidate) => candidate.id === "advertising_despite_gpc");
    expect(finding).toMatchObject({ category: "us_privacy", phase: "gpc" });
    expect(finding?.examples.map((example) => example.host)).not.toContain("region1.google-analytics.com");
    const off = {
      ...observations,
      phases: ALL_COMPLETED.map((phase) => (phase.phase === "gpc" ? { ...phase, status: "not_run" as const, reason: "disabled" } : phase)),
    };
    expect(ids(off)).not.toContain("advertising_despite_gpc");
  });
});

describe("coverage of the consent phases", () => {
  it("is complete when phases ran or were switched off, partial when one broke or could not act", () => {
    const base = { ...recorded("green-grocer"), consent: banner("accept_and_reject_first_layer"), consentActions: ACTIONS };
    const complete = toScanReport(ScanObservationsSchema.parse({ ...base, phases: ALL_COMPLETED }));
    expect(complete.coverage).toMatchObject({ status: "complete" });
    expect(complete.coverage.summary).toContain("after reject");
    expect(complete.phases?.map((phase) => phase.status)).toEqual(["completed", "completed", "completed", "completed"]);

    const acceptOff = ALL_COMPLETED.map((phase) =>
      phase.phase === "after_accept" ? { ...phase, status: "not_run" as const, reason: "disabled" } : phase,
    );
    const off = toScanReport(ScanObservationsSchema.parse({ ...base, phases: acceptOff }));
    expect(off.coverage.status).toBe("complete");
    expect(off.coverage.limitations).toContain("Observation after accept was not part of this scan.");

    const rejectBroke = ALL_COMPLETED.map((phase) =>
      phase.phase === "after_reject" ? { ...phase, status: "not_run" as const, reason: "opt_out_failed" } : phase,
    );
    const broke = toScanReport(ScanObservationsSchema.parse({ ...base, phases: rejectBroke }));
    expect(broke).toMatchObject({ status: "completed_limited", scoreStatus: "provisional", coverage: { status: "partial" } });
    expect(broke.coverage.limitations.join(" ")).toContain("after reject could not run (opt out failed)");

    // A notice with no reject to use is a fact (its findings say so), not evidence the scan missed.
    const noReject = ALL_COMPLETED.map((phase) =>
      phase.phase === "after_reject" ? { ...phase, status: "not_run" as const, reason: "no_reject_option" } : phase,
    );
    const notice = toScanReport(ScanObservationsSchema.parse({ ...base, phases: noReject }));
    expect(notice.coverage.status).toBe("complete");
    expect(notice.coverage.limitations).toContain("Observation after reject did not run: the banner offers no way to reject.");

    const unreadable = toScanReport(ScanObservationsSchema.parse({ ...base, consent: banner("undetermined"), phases: ALL_COMPLETED }));
    expect(unreadable.coverage.status).toBe("partial");
  });
});
