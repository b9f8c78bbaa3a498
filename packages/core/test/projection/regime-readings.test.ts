import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import { FindingListSchema, ScanSchema } from "../../src/contract/index.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import { FINDING_CATALOGUE } from "../../src/projection/findings/finding-catalogue.js";
import { countsUnder, FINDING_REGIMES, regimesOf } from "../../src/projection/findings/finding-regimes.js";
import type { Finding } from "../../src/projection/findings/to-findings.js";
import { lensOfRegion } from "../../src/projection/score/lens-of-region.js";
import { toScoreReading } from "../../src/projection/score/to-score-reading.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getScan } from "../../src/use-cases/get-scan.js";
import { listFindings } from "../../src/use-cases/scan-results.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const finding = (id: string, criticality: Finding["criticality"]) => ({ id, criticality, evidence: { exampleCount: 1 } }) as Finding;

describe("the readings a finding is a review point under", () => {
  it("names every finding of the catalogue explicitly, and no finding the catalogue does not have", () => {
    expect(Object.keys(FINDING_REGIMES).sort()).toEqual(FINDING_CATALOGUE.map((definition) => definition.id).sort());
  });

  it("reads what happens before a choice under the EU rule, GPC and the opt-out link under the US one, a refused choice under both", () => {
    expect(regimesOf("no_consent_banner_with_tracking")).toEqual(["eu_opt_in"]);
    expect(regimesOf("pre_consent_advertising_tracker")).toEqual(["eu_opt_in"]);
    expect(regimesOf("advertising_despite_gpc")).toEqual(["us_opt_out"]);
    expect(regimesOf("us_opt_out_link_not_found")).toEqual(["us_opt_out"]);
    expect(regimesOf("tracking_after_reject")).toEqual(["eu_opt_in", "us_opt_out"]);
    expect(regimesOf("certificate_expired")).toEqual(["eu_opt_in", "us_opt_out"]);
    // A finding of a newer catalogue than this table concerns both until it is placed.
    expect(regimesOf("a_future_finding")).toEqual(["eu_opt_in", "us_opt_out"]);
    expect(countsUnder("pre_consent_marketing_cookie", "us_opt_out")).toBe(false);
    expect(countsUnder("pre_consent_marketing_cookie", "combined")).toBe(true);
  });

  it("scores the same findings under each reading by the one rubric", () => {
    const findings = [
      finding("pre_consent_advertising_tracker", "high"),
      finding("advertising_despite_gpc", "medium"),
      finding("hsts_missing", "low"),
    ];
    const reading = toScoreReading({ findings, lens: "combined", assessed: true });
    expect(reading).toEqual({
      lens: "combined",
      readings: [
        { regime: "eu_opt_in", score: 76, riskLevel: "review_recommended", findingsCounted: 2 },
        { regime: "us_opt_out", score: 86, riskLevel: "review_suggested", findingsCounted: 2 },
      ],
    });
    expect(toScoreReading({ findings, lens: "eu_opt_in", assessed: false }).readings).toEqual([]);
  });
});

describe("the lens a scan's score follows", () => {
  it("follows the region: the US opt-out rule from the US, the EU opt-in rule from the EEA and the UK, every finding elsewhere", () => {
    for (const region of ["us", "us_ca", "US-VA"]) expect(lensOfRegion(region), region).toBe("us_opt_out");
    for (const region of ["eu", "eu_ie", "de", "fr_par", "uk", "gb_lon", "no"]) expect(lensOfRegion(region), region).toBe("eu_opt_in");
    for (const region of ["self_hosted", "br", "ap_sg", "usa", null]) expect(lensOfRegion(region), String(region)).toBe("combined");
    // The operator's one lens wins over the region.
    expect(lensOfRegion("us_ca", "eu_opt_in")).toBe("eu_opt_in");
    expect(lensOfRegion("eu_ie", "combined")).toBe("combined");
  });

  it("scores a real scan's findings under its lens while listing them all, each with its readings", () => {
    const observations = readRecordedObservations("daily-courier") as ScanObservations;
    const eu = toScanReport(observations, { lens: "eu_opt_in" });
    const us = toScanReport(observations, { lens: "us_opt_out" });
    const combined = toScanReport(observations);
    expect(combined).toMatchObject({ lens: "combined", score: 0 });
    expect(eu).toMatchObject({ lens: "eu_opt_in", score: 0, riskLevel: "priority_review" });
    // Every finding of this site is about tracking before a choice: none is a review point under the US rule.
    expect(us).toMatchObject({ lens: "us_opt_out", score: 100, riskLevel: "informational" });
    expect(us.findings.map((item) => item.id)).toEqual(eu.findings.map((item) => item.id));
    expect(us.findings.every((item) => item.regimes?.join() === "eu_opt_in")).toBe(true);
  });
});

describe("readings on the service's resources", () => {
  it("reports the lens and both readings on the Scan, and each finding's readings in the list, by the scan's region", async () => {
    const observations = readRecordedObservations("daily-courier") as ScanObservations;
    const local = await createLocalService({
      scanner: { scan: () => Promise.resolve(observations), close: () => Promise.resolve() },
      config: { baseUrl: "https://scan.example.org", scanRegions: ["us_ca", "eu_ie"], defaultScanRegion: "us_ca" },
    });
    const caller = { kind: "key" as const, keyId: "key_readings" };
    try {
      const scanned = async (scanFrom: string) => {
        const created = await createScan(local.deps, {
          body: { url: "https://www.daily-courier.test/", scanFrom, freshness: "fresh" },
          caller,
        });
        await local.deps.queue.drain();
        const scanId = (created.body as { scanId: string }).scanId;
        return { scan: ScanSchema.parse((await getScan(local.deps, { scanId, caller })).body), scanId };
      };
      const { scan: fromUs, scanId } = await scanned("us_ca");
      expect(fromUs).toMatchObject({ scanFrom: "us_ca", score: 100, scoreReading: { lens: "us_opt_out" } });
      expect(fromUs.scoreReading?.readings).toEqual([
        { regime: "eu_opt_in", score: 0, riskLevel: "priority_review", findingsCounted: 9 },
        { regime: "us_opt_out", score: 100, riskLevel: "informational", findingsCounted: 0 },
      ]);
      const list = FindingListSchema.parse((await listFindings(local.deps, { scanId, caller })).body);
      expect(list.findings.length).toBe(9);
      expect(list.findings.every((item) => item.regimes?.join() === "eu_opt_in")).toBe(true);
      const { scan: fromEu } = await scanned("eu_ie");
      expect(fromEu).toMatchObject({ scanFrom: "eu_ie", score: 0, scoreReading: { lens: "eu_opt_in" } });
    } finally {
      await local.close();
    }
  });
});
