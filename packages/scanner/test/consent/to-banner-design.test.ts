import { describe, expect, it } from "vitest";
import type { ButtonLook, Rgba } from "../../src/consent/banner-scan-script.js";
import { contrastRatio, toBannerDesign } from "../../src/consent/to-banner-design.js";

const WHITE: Rgba = [255, 255, 255, 1];
const look = (overrides: Partial<ButtonLook>): ButtonLook => ({
  width: 160,
  height: 44,
  fontPx: 16,
  fontWeight: 400,
  color: [0, 0, 0, 1],
  background: WHITE,
  ownBackground: null,
  bordered: false,
  underlined: false,
  link: false,
  ...overrides,
});
const page = { width: 1000, height: 800, scrollLocked: false };

describe("contrastRatio", () => {
  it("gives WCAG's ratios: 21 for black on white, 1 for equal colours, and composites translucent text", () => {
    expect(contrastRatio([0, 0, 0, 1], WHITE)).toBe(21);
    expect(contrastRatio([119, 119, 119, 1], WHITE)).toBe(4.48);
    expect(contrastRatio([200, 10, 10, 1], [200, 10, 10, 1])).toBe(1);
    expect(contrastRatio([0, 0, 0, 0.5], WHITE)).toBe(contrastRatio([127.5, 127.5, 127.5, 1], WHITE));
  });
});

describe("toBannerDesign", () => {
  it("reads placement and coverage from the banner's box, clipped to the viewport", () => {
    const design = (box: { top: number; left: number; width: number; height: number }) =>
      toBannerDesign({ layout: { box, background: WHITE, looks: [] }, page, kinds: [] });
    expect(design({ top: 640, left: 0, width: 1000, height: 160 })).toMatchObject({
      placement: "bottom",
      viewportCoveragePct: 20,
      blocksPage: false,
    });
    expect(design({ top: 0, left: 0, width: 1000, height: 120 })).toMatchObject({ placement: "top", viewportCoveragePct: 15 });
    expect(design({ top: 500, left: 20, width: 360, height: 280 })).toMatchObject({ placement: "side" });
    expect(design({ top: 250, left: 250, width: 500, height: 300 })).toMatchObject({ placement: "center" });
    expect(design({ top: -10, left: 0, width: 1000, height: 900 })).toMatchObject({
      placement: "full_screen",
      viewportCoveragePct: 100,
      blocksPage: true,
    });
  });

  it("measures the first accept and reject buttons: fill against the banner's background, link style, contrast", () => {
    const design = toBannerDesign({
      layout: {
        box: { top: 600, left: 0, width: 1000, height: 200 },
        background: WHITE,
        looks: [
          // The background behind a filled button's text is its own.
          look({ ownBackground: [10, 125, 44, 1], background: [10, 125, 44, 1], color: WHITE, fontWeight: 700 }),
          look({ width: 70, height: 16, fontPx: 12, color: [153, 153, 153, 1], link: true }),
          look({ ownBackground: [250, 250, 250, 1], bordered: true }),
        ],
      },
      page,
      kinds: ["accept", "reject", "settings"],
    });
    expect(design?.accept).toEqual({
      widthPx: 160,
      heightPx: 44,
      fontSizePx: 16,
      bold: true,
      textContrast: 5.27,
      filled: true,
      styledAsLink: false,
    });
    expect(design?.reject).toEqual({
      widthPx: 70,
      heightPx: 16,
      fontSizePx: 12,
      bold: false,
      textContrast: 2.85,
      filled: false,
      styledAsLink: true,
    });
  });

  it("has no design without a measurement, and no button where the first layer has none", () => {
    expect(toBannerDesign({ layout: undefined, page, kinds: [] })).toBeNull();
    expect(
      toBannerDesign({
        layout: { box: { top: 0, left: 0, width: 10, height: 10 }, background: WHITE, looks: [] },
        page: undefined,
        kinds: [],
      }),
    ).toBeNull();
    const acceptOnly = toBannerDesign({
      layout: { box: { top: 700, left: 0, width: 1000, height: 100 }, background: WHITE, looks: [look({})] },
      page,
      kinds: ["accept"],
    });
    expect(acceptOnly?.reject).toBeNull();
  });

  it("measures an OK beside a reject or settings button as the accept, and a lone OK as no accept", () => {
    const layout = {
      box: { top: 700, left: 0, width: 1000, height: 100 },
      background: WHITE,
      looks: [look({ width: 90 }), look({ width: 120, ownBackground: [10, 125, 44, 1], background: [10, 125, 44, 1], color: WHITE })],
    };
    const klaro = toBannerDesign({ layout, page, kinds: ["reject", "acknowledge"] });
    expect(klaro?.accept).toMatchObject({ widthPx: 120, filled: true });
    expect(klaro?.reject).toMatchObject({ widthPx: 90, filled: false });
    expect(toBannerDesign({ layout, page, kinds: ["other", "acknowledge"] })?.accept).toBeNull();
  });
});
