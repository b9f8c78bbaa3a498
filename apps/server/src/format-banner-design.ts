import { bannerPlacementText, buttonDesignText, choiceTogglesText, type BannerDesign, type ChoiceToggles } from "@public-scan/core";
import type { Paint } from "./terminal-paint.js";

/**
 * The report page's banner measurements for the terminal: where the banner sits, how accept and reject look,
 * and the choice toggles a rejecting visitor was shown.
 */
export function formatBannerDesign(design: BannerDesign | undefined, toggles: ChoiceToggles | undefined, paint: Paint): string[] {
  if (design === undefined && toggles === undefined) return [];
  return [
    paint("bold", "Consent banner design"),
    ...(design === undefined
      ? []
      : [
          `  Banner: ${bannerPlacementText(design)}`,
          `  Accept: ${buttonDesignText(design.accept)}`,
          `  Reject: ${buttonDesignText(design.reject)}`,
        ]),
    ...(toggles === undefined ? [] : [`  Choice toggles: ${choiceTogglesText(toggles)}`]),
  ];
}
