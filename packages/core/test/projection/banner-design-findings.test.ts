import { readRecordedObservations } from "@public-scan/recorded-scans";
import { describe, expect, it } from "vitest";
import type { ButtonDesign } from "../../src/observations/banner-design-observation.js";
import type { ChoiceToggles } from "../../src/observations/choice-toggles-observation.js";
import { heuristicBannerConsent } from "../fixtures/heuristic-banner-consent.js";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { bannerPlacementText, buttonDesignText } from "../../src/render/banner-design-text.js";
import { choiceTogglesText } from "../../src/render/choice-toggles-text.js";

const button = (overrides: Partial<ButtonDesign>): ButtonDesign => ({
  widthPx: 160,
  heightPx: 44,
  fontSizePx: 16,
  bold: false,
  textContrast: 7,
  filled: true,
  styledAsLink: false,
  ...overrides,
});

/** The courier with a measured first layer. */
function courier(design: { accept: ButtonDesign | null; reject: ButtonDesign | null }): ScanObservations {
  const recorded = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
  return ScanObservationsSchema.parse({
    ...recorded,
    consent: heuristicBannerConsent({
      firstLayer: { accept: design.accept !== null, reject: design.reject !== null, settings: false, acknowledge: false },
      bannerDesign: { placement: "full_screen", viewportCoveragePct: 100, scrollLocked: true, blocksPage: true, ...design },
    }),
  });
}
const styledFinding = (observations: ScanObservations) =>
  toScanReport(observations).findings.some((finding) => finding.id === "consent_reject_styled_as_link");

describe("the banner's design", () => {
  it("finds a reject styled as a link beside a filled accept button, and nothing for equal buttons", () => {
    const link = button({ filled: false, styledAsLink: true, widthPx: 70, heightPx: 16, fontSizePx: 12, textContrast: 2.85 });
    expect(styledFinding(courier({ accept: button({ bold: true }), reject: link }))).toBe(true);
    expect(styledFinding(courier({ accept: button({}), reject: button({}) }))).toBe(false);
    // Both plain links: equal prominence, no finding.
    expect(styledFinding(courier({ accept: link, reject: link }))).toBe(false);
  });

  it("shows the measurements in the consent summary and in words", () => {
    const report = toScanReport(
      courier({ accept: button({ bold: true }), reject: button({ filled: false, styledAsLink: true, textContrast: 2.85 }) }),
    );
    const design = report.consent!.bannerDesign!;
    expect(bannerPlacementText(design)).toBe("over the whole page, 100% of the viewport; the page cannot be used until a choice");
    expect(buttonDesignText(design.accept)).toBe("160 x 44 px, 16 px bold text, contrast 7.0:1, filled");
    expect(buttonDesignText(design.reject)).toBe("160 x 44 px, 16 px text, contrast 2.9:1, styled as a link");
    expect(buttonDesignText(null)).toBe("none on the first layer");
  });
});

describe("the choice toggles a rejecting visitor was shown", () => {
  const withToggles = (choiceToggles: ChoiceToggles | null): ScanObservations => {
    const recorded = ScanObservationsSchema.parse(readRecordedObservations("daily-courier"));
    return ScanObservationsSchema.parse({
      ...recorded,
      consent: heuristicBannerConsent({
        firstLayer: { accept: true, reject: false, settings: true, acknowledge: false },
        choiceToggles,
      }),
    });
  };
  const preTickedFinding = (observations: ScanObservations) =>
    toScanReport(observations).findings.some((finding) => finding.id === "consent_choices_pre_ticked");

  it("finds purposes switched on before any choice, and nothing for necessary ones kept on", () => {
    const ticked: ChoiceToggles = {
      seenWhile: "opening_settings",
      shown: 4,
      necessaryOn: 1,
      preTicked: 2,
      preTickedPurposes: ["marketing", "analytics"],
    };
    expect(preTickedFinding(withToggles(ticked))).toBe(true);
    expect(preTickedFinding(withToggles({ ...ticked, preTicked: 0, preTickedPurposes: [] }))).toBe(false);
    expect(preTickedFinding(withToggles(null))).toBe(false);
    const report = toScanReport(withToggles(ticked));
    expect(choiceTogglesText(report.consent!.choiceToggles!)).toBe(
      "2 of 4 switched on before any choice (marketing, analytics), in the preferences; 1 necessary kept on",
    );
  });
});
