import { ConsentObservationSchema } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { toConsentObservation, toFailedConsentObservation, type ConsentFindings } from "../../src/consent/to-consent-observation.js";

const NO_APIS = { tcf: false, gpp: false, usp: false, tcData: null, gppData: null, uspData: null };
const findings = (change: Partial<ConsentFindings> = {}): ConsentFindings => ({
  autoconsent: { status: "ok", reason: null, detected: [], popups: [] },
  bannerScan: { status: "ok", reason: null, frames: [{ frameKey: "t0:main", top: true, banners: [] }] },
  apiProbe: { status: "ok", result: NO_APIS },
  ...change,
});
const banner = (labels: string[], extra: { inShadowDom?: boolean; consentText?: boolean } = {}) => ({
  inShadowDom: extra.inShadowDom ?? false,
  consentText: extra.consentText ?? true,
  labels,
});

describe("toConsentObservation", () => {
  it("reads nothing found as not_detected only when every detection step ran", () => {
    const observation = toConsentObservation(findings());
    expect(observation).toMatchObject({ status: "not_detected", classification: "no_banner_detected", bannerVisible: false, cmp: null });
    expect(ConsentObservationSchema.parse(observation)).toEqual(observation);
  });

  it("never reads a failed step as absence", () => {
    const scanFailed = toConsentObservation(findings({ bannerScan: { status: "failed", reason: "main_frame_not_reached", frames: [] } }));
    expect(scanFailed).toMatchObject({ status: "failed", reason: "main_frame_not_reached", classification: "undetermined" });
    const notStarted = toConsentObservation(
      findings({ autoconsent: { status: "timed_out", reason: "autoconsent_not_started", detected: [], popups: [] } }),
    );
    expect(notStarted).toMatchObject({ status: "timed_out", reason: "autoconsent_not_started", classification: "undetermined" });
    const probeFailed = toConsentObservation(findings({ apiProbe: { status: "failed", result: null } }));
    expect(probeFailed).toMatchObject({ apis: null, tcf: null, steps: { apiProbe: "failed" } });
  });

  it("takes the CMP from autoconsent and the first layer from the banner scan of the same frame", () => {
    const observation = toConsentObservation(
      findings({
        autoconsent: {
          status: "ok",
          reason: null,
          detected: [{ cmp: "Klaro", frameKey: "t0:main", top: true }],
          popups: [{ cmp: "Klaro", frameKey: "t0:main", top: true }],
        },
        bannerScan: {
          status: "ok",
          reason: null,
          frames: [
            { frameKey: "t0:main", top: true, banners: [banner(["That's ok", "I decline", "Let me choose"], { consentText: false })] },
            { frameKey: "t1:ad", top: false, banners: [banner(["Accept all"])] },
          ],
        },
      }),
    );
    expect(observation).toMatchObject({
      status: "ok",
      cmp: "Klaro",
      detectedBy: "autoconsent",
      frame: "main_frame",
      firstLayer: { accept: false, reject: true, settings: true, acknowledge: true },
      classification: "accept_and_reject_first_layer",
    });
  });

  it("is undetermined when autoconsent sees a popup whose buttons the scan could not read", () => {
    const observation = toConsentObservation(
      findings({
        autoconsent: { status: "ok", reason: null, detected: [], popups: [{ cmp: "Sourcepoint-frame", frameKey: "t2:x", top: false }] },
      }),
    );
    expect(observation).toMatchObject({ bannerVisible: true, frame: "iframe", firstLayer: null, classification: "undetermined" });
  });

  it("finds banners of unknown CMPs heuristically, in iframes and shadow roots, but not overlays that never speak of consent", () => {
    const shadow = toConsentObservation(
      findings({
        bannerScan: {
          status: "ok",
          reason: null,
          frames: [{ frameKey: "t0:main", top: true, banners: [banner(["Alle akzeptieren", "Einstellungen"], { inShadowDom: true })] }],
        },
      }),
    );
    expect(shadow).toMatchObject({
      cmp: "heuristic",
      detectedBy: "heuristic",
      inShadowDom: true,
      classification: "reject_behind_settings",
    });
    const chat = toConsentObservation(
      findings({
        bannerScan: {
          status: "ok",
          reason: null,
          frames: [{ frameKey: "t0:main", top: true, banners: [banner(["Accept"], { consentText: false })] }],
        },
      }),
    );
    expect(chat).toMatchObject({ status: "not_detected", bannerVisible: false });
  });

  it("reports a CMP without a visible banner as detected, with no banner", () => {
    const observation = toConsentObservation(
      findings({
        autoconsent: { status: "ok", reason: null, detected: [{ cmp: "cookieconsent3", frameKey: "t0:main", top: true }], popups: [] },
      }),
    );
    expect(observation).toMatchObject({ status: "ok", cmp: "cookieconsent3", bannerVisible: false, classification: "no_banner_detected" });
  });

  it("drops CMP names that are not rule names, and summarises the TCF answer without the string", () => {
    const observation = toConsentObservation(
      findings({
        autoconsent: { status: "ok", reason: null, detected: [{ cmp: "<script>", frameKey: "t0:main", top: true }], popups: [] },
        apiProbe: {
          status: "ok",
          result: {
            tcf: true,
            gpp: true,
            usp: false,
            tcData: { responded: true, gdprApplies: true, eventStatus: "cmpuishown", tcString: "garbage" },
            gppData: null,
            uspData: null,
          },
        },
      }),
    );
    expect(observation.cmp).toBeNull();
    expect(observation.apis).toEqual({ tcf: true, gpp: true, usp: false });
    expect(observation.tcf).toEqual({
      responded: true,
      gdprApplies: true,
      eventStatus: "cmpuishown",
      tcString: "undecodable",
      decoded: null,
    });
    expect(JSON.stringify(observation)).not.toContain("garbage");
  });

  it("decodes the GPP and USP answers section by section, and never keeps either string", () => {
    // A US national section that opted out of sale with the GPC sub-section set, as the IAB's encoder writes it.
    const gppString = "DBABLA~CAAQAAAAAABA.YA";
    const observation = toConsentObservation(
      findings({
        apiProbe: {
          status: "ok",
          result: {
            tcf: false,
            gpp: true,
            usp: true,
            tcData: null,
            gppData: { responded: true, signalStatus: "ready", gppString },
            uspData: { responded: true, uspString: "1YYN" },
          },
        },
      }),
    );
    expect(observation.gpp).toEqual({
      responded: true,
      signalStatus: "ready",
      gppString: "decoded",
      sections: [
        {
          id: 7,
          name: "usnat",
          decoded: true,
          saleOptOut: "opted_out",
          sharingOptOut: "not_applicable",
          targetedAdvertisingOptOut: "not_applicable",
          gpc: true,
          tcf: null,
        },
      ],
    });
    expect(observation.usp).toEqual({ responded: true, uspString: "decoded", notice: "yes", optOutSale: "yes", lspaCovered: "no" });
    expect(JSON.stringify(observation)).not.toContain(gppString);
  });

  it("tells an empty or undecodable GPP string and a silent API apart", () => {
    const answer = (gppData: { responded: boolean; signalStatus: string | null; gppString: string | null }) =>
      toConsentObservation(
        findings({
          apiProbe: { status: "ok", result: { tcf: false, gpp: true, usp: false, tcData: null, gppData, uspData: null } },
        }),
      ).gpp;
    expect(answer({ responded: true, signalStatus: "not ready", gppString: "" })).toMatchObject({
      gppString: "empty",
      signalStatus: "not_ready",
    });
    expect(answer({ responded: true, signalStatus: "odd", gppString: "DBxx~zz" })).toMatchObject({
      gppString: "undecodable",
      signalStatus: "other",
      sections: [],
    });
    expect(answer({ responded: false, signalStatus: null, gppString: null })).toMatchObject({ responded: false, gppString: null });
  });
});

describe("toFailedConsentObservation", () => {
  it("marks every step and shows nothing as absent", () => {
    const observation = toFailedConsentObservation({ status: "timed_out", reason: "collector_timeout" });
    expect(ConsentObservationSchema.parse(observation)).toMatchObject({
      status: "timed_out",
      reason: "collector_timeout",
      steps: { autoconsent: "timed_out", bannerScan: "timed_out", apiProbe: "timed_out" },
      classification: "undetermined",
      apis: null,
    });
  });
});

describe("toConsentObservation: banners that never say cookie, and CMP names", () => {
  it("takes an overlay that offers accept and reject for the banner, and names the library by its markup", () => {
    // Orejime speaks of "personal information" and "purposes"; autoconsent has no rule for it.
    const frames = [
      {
        frameKey: "t0:main",
        top: true,
        library: "Orejime",
        banners: [banner(["Accepter", "Refuser", "Configurer"], { consentText: false })],
      },
    ];
    const observation = toConsentObservation(findings({ bannerScan: { status: "ok", reason: null, frames } }));
    expect(observation).toMatchObject({
      status: "ok",
      cmp: "Orejime",
      detectedBy: "heuristic",
      classification: "accept_and_reject_first_layer",
    });
    // An overlay with one button and no consent wording stays a sticky bar, not a banner.
    const bar = [{ frameKey: "t0:main", top: true, banners: [banner(["Accept"], { consentText: false })] }];
    expect(toConsentObservation(findings({ bannerScan: { status: "ok", reason: null, frames: bar } })).classification).toBe(
      "no_banner_detected",
    );
  });

  it("names the Osano cookieconsent for what it is unless the frame shows Complianz's own markup", () => {
    const hit = { cmp: "Complianz notice", frameKey: "t0:main", top: true };
    const scan = (library: string | null) => ({
      status: "ok" as const,
      reason: null,
      frames: [{ frameKey: "t0:main", top: true, library, banners: [banner(["Got it!"])] }],
    });
    const autoconsent = { status: "ok" as const, reason: null, detected: [hit], popups: [hit] };
    expect(toConsentObservation(findings({ autoconsent, bannerScan: scan("Osano cookieconsent") })).cmp).toBe("Osano cookieconsent");
    expect(toConsentObservation(findings({ autoconsent, bannerScan: scan("Complianz") })).cmp).toBe("Complianz notice");
    const tarteaucitron = { cmp: "tarteaucitron deny", frameKey: "t0:main", top: true };
    const named = toConsentObservation(
      findings({
        autoconsent: { ...autoconsent, detected: [tarteaucitron], popups: [tarteaucitron] },
        bannerScan: scan("Osano cookieconsent"),
      }),
    );
    expect(named.cmp).toBe("tarteaucitron.js");
  });
});
