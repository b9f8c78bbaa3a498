import type { ConsentGroundTruth } from "@public-scan/fixture-web";
import { describe, expect, it } from "vitest";
import { scanGroundTruthSites } from "../support/scan-ground-truth-sites.js";

/**
 * The consent collector against the fixture web with the shared Chromium: on every site, the consent
 * observation equals the site's ground truth (CMP, banner, frame, shadow DOM, first-layer buttons,
 * classification, IAB APIs), and detection stays passive (nothing a click would set appears).
 */
const { sites, results } = scanGroundTruthSites<ConsentGroundTruth, "consent">("consent", {
  // Long enough for autoconsent to see a banner that appears after load; short for CI.
  observeMs: 1500,
  concurrency: 4,
});

describe("consent ground truth", () => {
  it("covers a site for every first-layer classification, an iframe CMP and a shadow-DOM banner", () => {
    const classifications = new Set(sites.map((site) => site.consent.classification));
    for (const expected of [
      "accept_and_reject_first_layer",
      "reject_behind_settings",
      "accept_only",
      "cosmetic_only",
      "no_banner_detected",
    ]) {
      expect(classifications).toContain(expected);
    }
    expect(sites.some((site) => site.consent.frame === "iframe")).toBe(true);
    expect(sites.some((site) => site.consent.inShadowDom === true)).toBe(true);
  });
});

describe.each(sites.map((site) => [site.id, site] as const))("site %s", (_id, site) => {
  it("reports the consent banner of the ground truth", () => {
    const consent = results.get(site.id)!.consent!;
    const { cmp, bannerVisible, frame, inShadowDom, firstLayer, classification, apis } = consent;
    // The banner's design and choice toggles are scored by the fixture-web accuracy test, which runs every phase.
    const { bannerDesign: _design, choiceToggles: _toggles, ...expected } = site.consent;
    expect({ cmp, bannerVisible, frame, inShadowDom, firstLayer, classification, apis }).toEqual(expected);
  });

  it("ran every detection step, and reports the collector as ok", () => {
    const observations = results.get(site.id)!;
    expect(observations.consent!.steps).toEqual({ autoconsent: "ok", bannerScan: "ok", apiProbe: "ok" });
    expect(observations.consent!.status).toBe(site.consent.cmp === null ? "not_detected" : "ok");
    expect(observations.collectors.find((collector) => collector.id === "consent")).toMatchObject({ status: "ok", phase: "pre_consent" });
  });

  it("stays passive: no stored choice, no page text, no canary", () => {
    const observations = results.get(site.id)!;
    // Each banner stores its answer when clicked (cc_cookie, klaro, the hand-written banners' localStorage keys).
    expect(observations.cookies.map((cookie) => cookie.name)).not.toContain("cc_cookie");
    expect(observations.cookies.map((cookie) => cookie.name)).not.toContain("klaro");
    expect(observations.storage.map((item) => item.name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/^(consentDesk|bergApothekeConsent|cookieBarAccepted|cookieNoticeSeen)$/)]),
    );
    const text = JSON.stringify(observations.consent);
    expect(text).not.toContain("CANARY");
    expect(text).not.toMatch(/akzeptieren|Godkänn|accepte|capito|Aceitar/i);
  });
});
