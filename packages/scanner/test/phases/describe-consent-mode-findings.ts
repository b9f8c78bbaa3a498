import { toScanReport, type ScanObservations } from "@public-scan/core";
import { describe, expect, it } from "vitest";

const CONSENT_MODE_FINDINGS = [
  "consent_mode_storage_granted_before_choice",
  "consent_mode_storage_granted_after_reject",
  "google_cookies_while_storage_denied",
  "google_tag_without_consent_mode",
];

/**
 * The Google Consent Mode findings and summary on real scans of the consent-mode fixture sites (the
 * fixture-web accuracy test's scans, done once): which of the four findings each site gets is what its
 * pages do (tools/fixture-web/README.md, "Consent Mode sites"), and cookieless pings keep both readings.
 */
export function describeConsentModeFindings(options: { results: ReadonlyMap<string, ScanObservations> }) {
  const report = (site: string) => toScanReport(options.results.get(site)!);
  const consentModeFindings = (site: string) => report(site).findings.filter((finding) => CONSENT_MODE_FINDINGS.includes(finding.id));

  describe("Google Consent Mode on real scans", () => {
    it.each([
      ["alpine-optics", []],
      ["seaside-rentals", ["consent_mode_storage_granted_before_choice"]],
      ["orchard-market", ["consent_mode_storage_granted_after_reject", "google_cookies_while_storage_denied"]],
      ["daily-courier", ["google_tag_without_consent_mode"]],
    ] as const)("%s has exactly the consent-mode findings its pages call for: %j", (site, expected) => {
      expect(consentModeFindings(site).map((finding) => finding.id)).toEqual([...expected].sort());
    });

    it("names what each finding rests on: granted hosts, the cookie set while denied", () => {
      const seaside = consentModeFindings("seaside-rentals")[0]!;
      expect(seaside.examples.map((example) => example.host)).toEqual(expect.arrayContaining(["region1.google-analytics.com"]));
      const orchard = consentModeFindings("orchard-market").find((finding) => finding.id === "google_cookies_while_storage_denied")!;
      expect(orchard.examples.map((example) => `${example.phase} ${example.name}`)).toEqual(["pre_consent _gcl_au"]);
    });

    it("keeps a site's cookieless pings as trackers before consent and says both readings", () => {
      const alpine = report("alpine-optics");
      expect(alpine.consent?.consentMode?.cookielessOnlyHosts).toEqual(["ad.doubleclick.net", "region1.google-analytics.com"]);
      const advertising = alpine.findings.find((finding) => finding.id === "pre_consent_advertising_tracker")!;
      expect(advertising.examples.map((example) => example.host)).toContain("ad.doubleclick.net");
      expect(advertising.caveats.at(-1)).toMatch(/received only Google Consent Mode pings sent with storage denied/);
      expect(alpine.consent?.consentMode?.phases.find((phase) => phase.phase === "after_accept")?.hits.granted).toEqual([
        "ad.doubleclick.net",
        "region1.google-analytics.com",
      ]);
    });
  });
}
