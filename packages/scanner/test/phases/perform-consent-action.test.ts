import { describe, expect, it } from "vitest";
import type { ConsentBannerHandle } from "../../src/consent/consent-collector.js";
import { performConsentAction } from "../../src/phases/perform-consent-action.js";

/**
 * A CMP autoconsent recognised, driven by its rule: what the rule clicked (the frame's click log) decides
 * whether a "succeeded" opt-out was a reject at all. The banner is gone after the action in every case.
 */
function autoconsentBanner(options: {
  clicked: string[] | null;
  cosmetic: boolean;
  selfTest?: boolean;
  labels?: string[];
}): ConsentBannerHandle {
  return {
    popup: () => ({ cmp: "Complianz notice", frameKey: "t0:main", top: true }),
    firstPopupAt: () => null,
    ask: ({ command }) =>
      Promise.resolve(
        command === "selfTest" ? { result: options.selfTest ?? true } : { result: true, scheduleSelfTest: options.selfTest !== undefined },
      ),
    // Before the action the notice shows its labels; after it, nothing.
    scan: (() => {
      let scans = 0;
      const labels = options.labels ?? ["Got it!"];
      return () =>
        Promise.resolve([
          { frameKey: "t0:main", top: true, banners: scans++ === 0 ? [{ inShadowDom: false, consentText: true, labels }] : [] },
        ]);
    })(),
    click: () => Promise.resolve(true),
    clickLog: ({ action }) => Promise.resolve(action === "start" ? [] : options.clicked),
    isCosmetic: () => Promise.resolve(options.cosmetic),
  };
}

describe("performConsentAction with autoconsent", () => {
  it("reports no reject option when the opt-out only dismissed a notice", async () => {
    const performed = await performConsentAction({
      banner: autoconsentBanner({ clicked: ["Got it!"], cosmetic: false }),
      action: "reject",
      timeoutMs: 100,
    });
    expect(performed.action).toEqual({ outcome: "failed", method: "autoconsent", verified: null, reason: "no_reject_option" });
    expect(performed.clicks).toEqual(["acknowledge"]);
  });

  it("reports no reject option when a cosmetic rule hid the notice without a click", async () => {
    const performed = await performConsentAction({
      banner: autoconsentBanner({ clicked: [], cosmetic: true }),
      action: "reject",
      timeoutMs: 100,
    });
    expect(performed.action.reason).toBe("no_reject_option");
  });

  it("trusts a rule that opted out without a click (through the CMP's API) when it is not cosmetic", async () => {
    const performed = await performConsentAction({
      banner: autoconsentBanner({ clicked: [], cosmetic: false }),
      action: "reject",
      timeoutMs: 100,
    });
    expect(performed.action).toEqual({ outcome: "succeeded", method: "autoconsent", verified: null, reason: null });
  });

  it("reports a real reject click, and the dismissal of a notice as accept", async () => {
    const reject = await performConsentAction({
      banner: autoconsentBanner({ clicked: ["Verbiete alle Cookies"], cosmetic: false, selfTest: true }),
      action: "reject",
      timeoutMs: 100,
    });
    expect(reject).toEqual({ action: { outcome: "succeeded", method: "autoconsent", verified: true, reason: null }, clicks: ["reject"] });
    const accept = await performConsentAction({
      banner: autoconsentBanner({ clicked: ["Got it!"], cosmetic: true }),
      action: "accept",
      timeoutMs: 100,
    });
    expect(accept.action).toEqual({ outcome: "succeeded", method: "autoconsent", verified: null, reason: "notice_dismissed" });
  });

  it("reads an OK beside a reject button as that banner's accept, not a notice (klaro's \"That's ok\")", async () => {
    const banner = autoconsentBanner({ clicked: ["That's ok"], cosmetic: false, labels: ["Let me choose", "I decline", "That's ok"] });
    const accept = await performConsentAction({ banner, action: "accept", timeoutMs: 100 });
    expect(accept.action).toEqual({ outcome: "succeeded", method: "autoconsent", verified: null, reason: null });
  });
});
