import { toScanReport, type ScanObservations } from "@public-scan/core";
import { describe, expect, it } from "vitest";

const GPC_FINDINGS = ["advertising_despite_gpc", "gpc_not_reflected_in_privacy_strings", "gpc_support_claimed_not_honoured"];

/**
 * The GPP findings and the GPC answer on real scans of the GPP fixture sites (the fixture-web accuracy
 * test's scans, done once): the IAB's own GPP CMP API library answering for sites that honour the signal or
 * ignore it (tools/fixture-web/README.md).
 */
export function describeGppFindings(options: { results: ReadonlyMap<string, ScanObservations> }) {
  const report = (site: string) => toScanReport(options.results.get(site)!);
  describe("IAB GPP and the GPC answer on real scans", () => {
    it.each([
      ["hickory-home", []],
      ["coastline-deals", ["advertising_despite_gpc", "gpc_not_reflected_in_privacy_strings", "gpc_support_claimed_not_honoured"]],
    ] as const)("%s has exactly the GPC findings its behaviour calls for: %j", (site, expected) => {
      expect(
        report(site)
          .findings.map((finding) => finding.id)
          .filter((id) => GPC_FINDINGS.includes(id))
          .sort(),
      ).toEqual([...expected]);
    });

    it("answers the GPC question with the strings before and under GPC as evidence", () => {
      const honoured = report("hickory-home").consent!.gpcAnswer!;
      expect(honoured).toMatchObject({ verdict: "honoured", stringsOptedOut: true, cmpSawGpc: true, gpcJsonClaims: true });
      expect(honoured.optOuts.filter((optOut) => optOut.before === "did_not_opt_out" && optOut.withGpc === "opted_out").length).toBe(
        honoured.optOuts.length,
      );
      const ignored = report("coastline-deals").consent!.gpcAnswer!;
      expect(ignored).toMatchObject({ verdict: "not_honoured", stringsOptedOut: false, cmpSawGpc: false, gpcJsonClaims: true });
      expect(ignored.advertisingVendorsWithGpc?.length).toBeGreaterThan(0);
    });
  });
}
