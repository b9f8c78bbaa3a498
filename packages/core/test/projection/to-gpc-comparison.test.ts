import { describe, expect, it } from "vitest";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { toGpcComparison } from "../../src/projection/to-gpc-comparison.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const courier = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
const runs = (gpc: "completed" | "not_run") =>
  (["pre_consent", "gpc"] as const).map((phase) => ({
    phase,
    status: phase === "gpc" ? gpc : ("completed" as const),
    reason: phase === "gpc" && gpc === "not_run" ? "phase_not_requested" : null,
    observeMs: 500,
  }));

/** The recorded pre-consent visit, plus a GPC visit that contacted only the given hosts (copied from before consent, or new). */
function withGpcVisit(hosts: readonly string[], extra: ScanObservations["requests"] = []): ScanObservations {
  const gpcRequests = courier.requests
    .filter((request) => request.phase === "pre_consent" && hosts.includes(request.host))
    .map((request) => ({ ...request, phase: "gpc" as const }));
  return ScanObservationsSchema.parse({ ...courier, phases: runs("completed"), requests: [...courier.requests, ...gpcRequests, ...extra] });
}

describe("toGpcComparison", () => {
  it("splits the pre-consent trackers into stopped and still fired under GPC, by vendor then host", () => {
    const comparison = toGpcComparison(withGpcVisit(["www.googletagmanager.com", "region1.google-analytics.com", "www.youtube.com"]));
    expect(comparison!.stillFired).toEqual([
      { host: "region1.google-analytics.com", vendor: "Google" },
      { host: "www.googletagmanager.com", vendor: "Google" },
      // YouTube's embed is a tracker through its listed beacon, though its page and styles are not.
      { host: "www.youtube.com", vendor: "Google" },
    ]);
    expect(comparison!.stopped).toEqual([
      { host: "ad.doubleclick.net", vendor: "Google" },
      { host: "script.hotjar.com", vendor: "Hotjar" },
      { host: "static.hotjar.com", vendor: "Hotjar" },
      { host: "connect.facebook.net", vendor: "Meta" },
      { host: "www.facebook.com", vendor: "Meta" },
    ]);
    expect(comparison!.onlyWithGpc).toEqual([]);
  });

  it("lists a tracker contacted only under GPC, and leaves first parties and services out", () => {
    const template = courier.requests.find((request) => request.host === "ad.doubleclick.net")!;
    const newTracker = {
      ...template,
      phase: "gpc" as const,
      host: "px.ads.linkedin.com",
      classification: { ...template.classification, vendor: "LinkedIn" },
    };
    const firstParty = courier.requests.find((request) => request.party === "first_party")!;
    const comparison = toGpcComparison(withGpcVisit([], [newTracker, { ...firstParty, phase: "gpc" }]));
    expect(comparison!.onlyWithGpc).toEqual([{ host: "px.ads.linkedin.com", vendor: "LinkedIn" }]);
    expect(comparison!.stillFired).toEqual([]);
    expect(comparison!.stopped.map((ref) => ref.host)).not.toContain("www.daily-courier.test");
  });

  it("says nothing when the GPC visit did not complete: an unobserved visit proves nothing stopped", () => {
    expect(toGpcComparison(ScanObservationsSchema.parse({ ...courier, phases: runs("not_run") }))).toBeNull();
    expect(toGpcComparison(ScanObservationsSchema.parse({ ...courier, phases: undefined }))).toBeNull();
  });

  it("reaches the stored report's consent summary", () => {
    const consent = {
      status: "not_detected",
      reason: null,
      steps: { autoconsent: "ok", bannerScan: "ok", apiProbe: "ok" },
      cmp: null,
      detectedBy: null,
      bannerVisible: false,
      frame: null,
      inShadowDom: null,
      firstLayer: null,
      classification: "no_banner_detected",
      apis: { tcf: false, gpp: false, usp: false },
      tcf: null,
    };
    const report = toScanReport(ScanObservationsSchema.parse({ ...withGpcVisit(["www.googletagmanager.com"]), consent }));
    expect(report.consent?.gpc?.stillFired).toEqual([{ host: "www.googletagmanager.com", vendor: "Google" }]);
    expect(report.consent?.gpc?.stopped.length).toBe(7);
  });
});
