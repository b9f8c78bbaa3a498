import { describe, expect, it } from "vitest";
import type { ScannedFrame } from "../../src/consent/to-consent-observation.js";
import { isBannerVisible, pickBannerButton } from "../../src/phases/pick-banner-button.js";

const frame = (options: { key?: string; top?: boolean; banners: Array<{ consentText?: boolean; labels: string[] }> }): ScannedFrame => ({
  frameKey: options.key ?? "t0:main",
  top: options.top ?? true,
  banners: options.banners.map((banner) => ({ inShadowDom: false, consentText: banner.consentText ?? true, labels: banner.labels })),
});

describe("pickBannerButton", () => {
  it("picks the first-layer reject and accept buttons by label", () => {
    const frames = [frame({ banners: [{ labels: ["Alle akzeptieren", "Alle ablehnen", "Einstellungen"] }] })];
    expect(pickBannerButton({ frames, action: "reject" })).toEqual({
      found: true,
      target: { frameKey: "t0:main", banner: 0, button: 1 },
      kind: "reject",
    });
    expect(pickBannerButton({ frames, action: "accept" })).toEqual({
      found: true,
      target: { frameKey: "t0:main", banner: 0, button: 0 },
      kind: "accept",
    });
  });

  it("never takes settings for reject: reject behind settings has no reject option", () => {
    const frames = [frame({ banners: [{ labels: ["Aceitar todos", "Gerir preferências"] }] })];
    expect(pickBannerButton({ frames, action: "reject" })).toEqual({ found: false, reason: "no_reject_option" });
  });

  it("reads an OK next to a reject or settings button as accept, and a lone OK as dismissing a notice", () => {
    const klaro = [frame({ banners: [{ labels: ["Let me choose", "I decline", "That's ok"] }] })];
    expect(pickBannerButton({ frames: klaro, action: "accept" })).toMatchObject({ found: true, target: { button: 2 }, kind: "accept" });
    const notice = [frame({ banners: [{ labels: ["Ho capito"] }] })];
    expect(pickBannerButton({ frames: notice, action: "accept" })).toMatchObject({
      found: true,
      target: { button: 0 },
      kind: "acknowledge",
    });
    expect(pickBannerButton({ frames: notice, action: "reject" })).toEqual({ found: false, reason: "no_reject_option" });
  });

  it("takes an overlay that offers accept and reject for a consent banner, though its text never says cookie", () => {
    // Orejime: "We collect and process your personal information for the following purposes: ..."
    const frames = [frame({ banners: [{ consentText: false, labels: ["Accepter", "Refuser", "Configurer"] }] })];
    expect(pickBannerButton({ frames, action: "reject" })).toMatchObject({ found: true, target: { button: 1 }, kind: "reject" });
    expect(isBannerVisible({ frames })).toBe(true);
  });

  it("prefers the banner with the most kinds of buttons, in an iframe too, and ignores overlays that do not speak of consent", () => {
    const frames = [
      frame({ banners: [{ consentText: false, labels: ["Reject"] }] }),
      frame({ key: "t1:frame", top: false, banners: [{ labels: ["Godkänn alla", "Avvisa alla", "Anpassa"] }] }),
    ];
    expect(pickBannerButton({ frames, action: "reject" })).toEqual({
      found: true,
      target: { frameKey: "t1:frame", banner: 0, button: 1 },
      kind: "reject",
    });
  });

  it("says no_banner without a consent notice, and cmp_not_recognised when its buttons cannot be read", () => {
    expect(pickBannerButton({ frames: [frame({ banners: [] })], action: "reject" })).toEqual({ found: false, reason: "no_banner" });
    expect(pickBannerButton({ frames: [frame({ banners: [{ labels: ["Newsletter"] }] })], action: "reject" })).toEqual({
      found: false,
      reason: "cmp_not_recognised",
    });
  });
});

describe("isBannerVisible", () => {
  it("sees a consent notice with a choice, or any overlay with one in the CMP's frame", () => {
    expect(isBannerVisible({ frames: [frame({ banners: [{ labels: ["Accept all"] }] })] })).toBe(true);
    const klaro = [frame({ banners: [{ consentText: false, labels: ["I decline", "That's ok"] }] })];
    expect(isBannerVisible({ frames: klaro })).toBe(false);
    expect(isBannerVisible({ frames: klaro, cmpFrameKey: "t0:main" })).toBe(true);
  });

  it("does not take a floating cookie-settings button for a banner", () => {
    expect(isBannerVisible({ frames: [frame({ banners: [{ labels: ["Cookie settings"] }] })] })).toBe(false);
  });
});
