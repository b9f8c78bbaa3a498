import { bannerPlacementText, buttonDesignText, type BannerDesign } from "@public-scan/core";
import type { Paint } from "./terminal-paint.js";

/** The report page's banner measurements for the terminal: where the banner sits, and how accept and reject look. */
export function formatBannerDesign(design: BannerDesign | undefined, paint: Paint): string[] {
  if (design === undefined) return [];
  return [
    paint("bold", "Consent banner design"),
    `  Banner: ${bannerPlacementText(design)}`,
    `  Accept: ${buttonDesignText(design.accept)}`,
    `  Reject: ${buttonDesignText(design.reject)}`,
  ];
}
