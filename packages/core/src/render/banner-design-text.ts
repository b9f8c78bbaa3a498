import type { BannerDesign, ButtonDesign } from "../observations/banner-design-observation.js";

const PLACEMENT_WORDS: Readonly<Record<BannerDesign["placement"], string>> = {
  top: "at the top",
  bottom: "at the bottom",
  center: "in the middle",
  side: "at a side or corner",
  full_screen: "over the whole page",
};

/** Where the banner sits and what it leaves of the page, in words; the report page and the terminal say it the same way. */
export function bannerPlacementText(design: BannerDesign): string {
  const lock = design.blocksPage ? "; the page cannot be used until a choice" : design.scrollLocked ? "; the page cannot be scrolled" : "";
  return `${PLACEMENT_WORDS[design.placement]}, ${design.viewportCoveragePct}% of the viewport${lock}`;
}

/** A button's measurements in words: "160 x 44 px, 16 px bold text, contrast 7.1:1, filled"; "none" without one. */
export function buttonDesignText(button: ButtonDesign | null): string {
  if (button === null) return "none on the first layer";
  const text = `${button.fontSizePx} px${button.bold ? " bold" : ""} text`;
  const contrast = button.textContrast === null ? "contrast unknown" : `contrast ${button.textContrast.toFixed(1)}:1`;
  const look = button.styledAsLink ? "styled as a link" : button.filled ? "filled" : "outlined or plain";
  return `${button.widthPx} x ${button.heightPx} px, ${text}, ${contrast}, ${look}`;
}
