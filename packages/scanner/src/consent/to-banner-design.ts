import type { BannerDesign, ButtonDesign } from "@public-scan/core";
import type { BannerLayout, BannerScanResult, ButtonLook, Rgba } from "./banner-scan-script.js";
import type { ConsentButtonKind } from "./classify-button-label.js";

/** Coverage from which a banner (or its backdrop) leaves no usable page behind it. */
const BLOCKING_COVERAGE = 0.9;
/** How far (Euclidean, in RGB) a button's own background must be from the banner's to read as filled. */
const FILL_DISTANCE = 24;

/**
 * The first layer's design from the snapshot's measurements: the banner's placement and coverage of the
 * viewport, whether the page is locked, and the look of the first accept and first reject button. Null when
 * the banner was not measured (its frame's viewport unknown, or no layout).
 */
export function toBannerDesign(options: {
  layout: BannerLayout | undefined;
  page: NonNullable<BannerScanResult["page"]> | undefined;
  kinds: readonly ConsentButtonKind[];
}): BannerDesign | null {
  const { layout, page, kinds } = options;
  if (layout === undefined || page === undefined) return null;
  const { box } = layout;
  const visibleWidth = Math.max(0, Math.min(box.left + box.width, page.width) - Math.max(box.left, 0));
  const visibleHeight = Math.max(0, Math.min(box.top + box.height, page.height) - Math.max(box.top, 0));
  const coverage = (visibleWidth * visibleHeight) / (page.width * page.height);
  // An "OK" beside a reject or settings button is that banner's accept (klaro's "That's ok"), as the first
  // layer's classification reads it; alone it only acknowledges, and there is no accept to measure.
  const acceptKind: ConsentButtonKind =
    !kinds.includes("accept") && kinds.includes("acknowledge") && (kinds.includes("reject") || kinds.includes("settings"))
      ? "acknowledge"
      : "accept";
  const button = (kind: ConsentButtonKind) => {
    const index = kinds.indexOf(kind);
    const look = index < 0 ? undefined : layout.looks[index];
    return look === undefined ? null : toButtonDesign(look, layout.background);
  };
  return {
    placement: placementOf({ box, page, coverage }),
    viewportCoveragePct: Math.min(100, Math.round(coverage * 100)),
    scrollLocked: page.scrollLocked,
    blocksPage: coverage >= BLOCKING_COVERAGE,
    accept: button(acceptKind),
    reject: button("reject"),
  };
}

function placementOf(options: {
  box: BannerLayout["box"];
  page: { width: number; height: number };
  coverage: number;
}): BannerDesign["placement"] {
  const { box, page, coverage } = options;
  if (coverage >= BLOCKING_COVERAGE) return "full_screen";
  const touchesSide = box.left <= page.width * 0.05 || box.left + box.width >= page.width * 0.95;
  if (box.width < page.width * 0.6 && touchesSide && box.height >= page.height * 0.05) {
    // A narrow box at an edge: a corner or side panel, unless it spans the top or bottom edge only.
    if (!(box.top <= page.height * 0.05 && box.height < page.height * 0.3) || box.width < page.width * 0.5) return "side";
  }
  if (box.top <= page.height * 0.05 && box.height < page.height * 0.6) return "top";
  if (box.top + box.height >= page.height * 0.95 && box.height < page.height * 0.6) return "bottom";
  return "center";
}

function toButtonDesign(look: ButtonLook, bannerBackground: Rgba): ButtonDesign {
  const filled = look.ownBackground !== null && distance(look.ownBackground, bannerBackground) > FILL_DISTANCE;
  return {
    widthPx: Math.round(look.width),
    heightPx: Math.round(look.height),
    fontSizePx: Math.round(look.fontPx * 10) / 10,
    bold: look.fontWeight >= 600,
    textContrast: look.color === null ? null : contrastRatio(look.color, look.background),
    filled,
    styledAsLink: !filled && !look.bordered && (look.link || look.underlined),
  };
}

/** WCAG 2 contrast ratio of a (possibly translucent) text colour over an opaque background, two decimals. */
export function contrastRatio(text: Rgba, background: Rgba): number {
  const alpha = text[3];
  const over = [0, 1, 2].map((channel) => alpha * text[channel]! + (1 - alpha) * background[channel]!) as [number, number, number];
  const lighter = Math.max(luminance(over), luminance(background));
  const darker = Math.min(luminance(over), luminance(background));
  return Math.round(((lighter + 0.05) / (darker + 0.05)) * 100) / 100;
}

function luminance(color: readonly number[]): number {
  const [red, green, blue] = [0, 1, 2].map((channel) => {
    const value = color[channel]! / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

const distance = (a: Rgba, b: Rgba) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
