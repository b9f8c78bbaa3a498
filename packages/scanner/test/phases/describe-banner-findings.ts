import { toScanReport, type ScanObservations } from "@public-scan/core";
import { describe, expect, it } from "vitest";

const BANNER_FINDINGS = ["consent_reject_styled_as_link", "consent_choices_pre_ticked", "consent_reject_not_on_first_layer"];

/**
 * The banner-design findings on real scans of the sites built for them (the fixture-web accuracy test's
 * scans, done once): a reject styled as a link, pre-ticked choices behind "Manage preferences" and behind a
 * cookie wall's settings, and a preferences dialog with nothing pre-ticked.
 */
export function describeBannerFindings(options: { results: ReadonlyMap<string, ScanObservations> }) {
  describe("banner-design findings on real scans", () => {
    it.each([
      ["linden-press", ["consent_reject_styled_as_link"]],
      ["pinewood-lodge", ["consent_choices_pre_ticked", "consent_reject_not_on_first_layer"]],
      ["kaffeehaus-wien", ["consent_choices_pre_ticked", "consent_reject_not_on_first_layer"]],
      ["travel-nook", ["consent_reject_not_on_first_layer"]],
      ["alpine-optics", []],
    ] as const)("%s has exactly the banner findings its design calls for: %j", (site, expected) => {
      expect(
        toScanReport(options.results.get(site)!)
          .findings.map((finding) => finding.id)
          .filter((id) => BANNER_FINDINGS.includes(id))
          .sort(),
      ).toEqual([...expected].sort());
    });
  });
}
