import { describe, expect, it } from "vitest";
import type { ConsentBannerHandle } from "../../src/consent/consent-collector.js";
import type { RawChoiceToggle } from "../../src/consent/choice-toggles-script.js";
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
  toggles?: RawChoiceToggle[];
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
    clickLog: ({ action }) =>
      Promise.resolve(
        action === "start"
          ? { clicks: [], toggles: null }
          : options.clicked === null
            ? null
            : { clicks: options.clicked, toggles: options.toggles ?? null },
      ),
    toggles: () => Promise.resolve([]),
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
    expect(reject).toEqual({
      action: { outcome: "succeeded", method: "autoconsent", verified: true, reason: null },
      clicks: ["reject"],
      toggles: null,
    });
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

  it("keeps the toggles the rule's reject was shown, and only for reject", async () => {
    const toggles = [
      { checked: true, disabled: true, words: "necessary | Strictly necessary" },
      { checked: true, disabled: false, words: "analytics | Statistics" },
    ];
    const banner = () => autoconsentBanner({ clicked: ["Manage", "Reject all"], cosmetic: false, toggles });
    const reject = await performConsentAction({ banner: banner(), action: "reject", timeoutMs: 100 });
    expect(reject.toggles).toEqual({ seenWhile: "rejecting", toggles });
    const accept = await performConsentAction({ banner: banner(), action: "accept", timeoutMs: 100 });
    expect(accept.toggles).toBeNull();
  });
});

/** A banner of no known CMP: an accept and a settings button, and the preferences the settings open. */
function heuristicBanner(options: { labels: string[]; toggles: RawChoiceToggle[]; togglesAfterClicks?: number }) {
  const clicked: string[] = [];
  let reads = 0;
  const handle: ConsentBannerHandle = {
    popup: () => null,
    firstPopupAt: () => null,
    ask: () => Promise.resolve(null),
    scan: () =>
      Promise.resolve([{ frameKey: "t0:main", top: true, banners: [{ inShadowDom: false, consentText: true, labels: options.labels }] }]),
    click: ({ button }) => {
      clicked.push(options.labels[button]!);
      return Promise.resolve(true);
    },
    clickLog: () => Promise.resolve(null),
    // The preferences take a moment to show their toggles.
    toggles: () => Promise.resolve(reads++ < (options.togglesAfterClicks ?? 1) ? [] : options.toggles),
    isCosmetic: () => Promise.resolve(false),
  };
  return { handle, clicked };
}

describe("performConsentAction on a banner of no known CMP", () => {
  const toggles = [{ checked: true, disabled: false, words: "marketing | Marketing" }];

  it("opens the preferences of a first layer without reject only to read their toggles, and still reports no reject option", async () => {
    const { handle, clicked } = heuristicBanner({ labels: ["Accept all", "Cookie settings"], toggles });
    const performed = await performConsentAction({ banner: handle, action: "reject", timeoutMs: 2000 });
    expect(performed.action).toEqual({ outcome: "failed", method: "heuristic", verified: null, reason: "no_reject_option" });
    expect(clicked).toEqual(["Cookie settings"]);
    expect(performed.toggles).toEqual({ seenWhile: "opening_settings", toggles });
  });

  it("reads nothing when the preferences show no toggles in time, and clicks nothing without a settings button", async () => {
    const slow = heuristicBanner({ labels: ["Accept all", "Cookie settings"], toggles, togglesAfterClicks: 1000 });
    expect((await performConsentAction({ banner: slow.handle, action: "reject", timeoutMs: 300 })).toggles).toBeNull();
    const bare = heuristicBanner({ labels: ["Accept all"], toggles });
    const performed = await performConsentAction({ banner: bare.handle, action: "reject", timeoutMs: 300 });
    expect(performed.action.reason).toBe("no_reject_option");
    expect(bare.clicked).toEqual([]);
    expect(performed.toggles).toBeNull();
  });
});
