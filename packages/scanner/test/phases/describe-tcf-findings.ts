import { toScanReport, type ScanObservations } from "@public-scan/core";
import { describe, expect, it } from "vitest";

const TCF_FINDINGS = ["tcf_consent_before_choice", "tcf_consent_after_reject", "tcf_legitimate_interest_not_allowed"];

/**
 * The IAB TCF findings and summary on real scans of the TCF fixture sites (the fixture-web accuracy test's
 * scans, done once): the IAB's own CMP API library answering with strings the sites build with the IAB's
 * encoder; which findings each site gets is what its consent platform claims (tools/fixture-web/README.md).
 */
export function describeTcfFindings(options: { results: ReadonlyMap<string, ScanObservations> }) {
  const report = (site: string) => toScanReport(options.results.get(site)!);
  describe("IAB TCF on real scans", () => {
    it.each([
      ["fjord-gazette", []],
      ["bazaar-daily", ["tcf_consent_after_reject", "tcf_consent_before_choice", "tcf_legitimate_interest_not_allowed"]],
    ] as const)("%s has exactly the TCF findings its consent platform calls for: %j", (site, expected) => {
      expect(
        report(site)
          .findings.map((finding) => finding.id)
          .filter((id) => TCF_FINDINGS.includes(id)),
      ).toEqual([...expected]);
    });

    it("lists each completed phase's decoded string, and marks the interests TCF 2.2 forbids", () => {
      const bazaar = report("bazaar-daily").consent!.tcf!;
      // Its next pages (the privacy policy, without the CMP) have no TCF API to answer.
      expect(bazaar.map((phase) => phase.phase)).toEqual(["pre_consent", "after_reject", "after_accept", "gpc"]);
      expect(bazaar.find((phase) => phase.phase === "after_reject")!.disallowedLegitimateInterestIds).toEqual([3, 4]);
      expect(report("fjord-gazette").consent!.tcf!.every((phase) => phase.disallowedLegitimateInterestIds.length === 0)).toBe(true);
    });
  });
}
