import { describe, expect, it } from "vitest";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import type { SiteCheckGroup, SiteCheckOutcome } from "../../src/projection/to-site-checks.js";
import { readRecordedObservations, type RecordedScan } from "@public-scan/recorded-scans";
import { ALL_DISCLOSED, OK, certificate, policy, transport, usPrivacy } from "./support/site-observations.js";

const checksOf = (observations: Partial<ScanObservations>, base: RecordedScan = "green-grocer") =>
  toScanReport(ScanObservationsSchema.parse({ ...(readRecordedObservations(base) as ScanObservations), ...observations })).checks ?? [];
const outcomes = (groups: SiteCheckGroup[], area: SiteCheckGroup["area"]): Record<string, SiteCheckOutcome> =>
  Object.fromEntries((groups.find((group) => group.area === area)?.checks ?? []).map((check) => [check.code, check.outcome]));

describe("site checks", () => {
  it("lists every check of a well-configured site as passed, in three areas", () => {
    const groups = checksOf({
      transport: transport(),
      privacyPolicy: policy(),
      usPrivacy: usPrivacy({ gpcPass: { status: "completed", reason: null, advertisingVendors: [] } }),
    });
    expect(groups.map((group) => group.area)).toEqual(["transport", "privacy_policy", "us_privacy"]);
    expect(Object.values(outcomes(groups, "transport")).every((outcome) => outcome === "passed")).toBe(true);
    expect(Object.values(outcomes(groups, "privacy_policy")).every((outcome) => outcome === "passed")).toBe(true);
    // A link the law asks for only in some cases, not found, is absent rather than failed.
    expect(outcomes(groups, "us_privacy")).toEqual({
      us_opt_out_link: "passed",
      us_limit_sensitive_link: "absent",
      us_privacy_choices_icon: "passed",
      us_notice_at_collection: "passed",
      gpc_json: "passed",
      gpc_honoured: "passed",
    });
    const transportDetails = groups[0]!.checks.map((check) => check.detail).join(" ");
    expect(transportDetails).toContain("Negotiated TLS 1.3");
    expect(transportDetails).toContain("max-age 365 days, includeSubDomains, preload.");
  });

  it("has no area the scan did not observe, and never reads a step that did not run as passed", () => {
    expect(checksOf({})).toEqual([]);
    const blind = checksOf({
      transport: transport({
        status: "failed",
        steps: { tlsProbe: { status: "timed_out", reason: "timeout" }, httpProbe: { status: "failed", reason: "reset" }, browser: OK },
        finalScheme: null,
        httpsAvailable: null,
        httpAvailable: null,
        httpRedirectsToHttps: null,
        hsts: null,
        certificate: { browser: null, probe: null },
        mixedContent: null,
        cookiesWithoutSecure: null,
        privacyHeaders: null,
      }),
      privacyPolicy: policy({
        steps: { discovery: "ok", fetch: "timed_out", analysis: "skipped" },
        fetchStatus: "timed_out",
        disclosures: null,
        vendorsNotNamed: null,
        vendorsChecked: null,
      }),
      usPrivacy: usPrivacy({ steps: { links: "timed_out", gpcJson: "failed" }, gpcJson: null }),
    });
    expect(Object.values(outcomes(blind, "transport"))).toEqual(Array(9).fill("not_checked"));
    const policyOutcomes = outcomes(blind, "privacy_policy");
    expect(policyOutcomes.privacy_policy_readable).toBe("issue");
    expect(
      Object.entries(policyOutcomes)
        .filter(([code]) => code.startsWith("discloses_"))
        .map(([, outcome]) => outcome),
    ).toEqual(Array(12).fill("not_checked"));
    expect(Object.values(outcomes(blind, "us_privacy"))).toEqual(Array(6).fill("not_checked"));
  });

  it("marks what the findings flag as issues, with what was seen", () => {
    const groups = checksOf(
      {
        transport: transport({
          certificate: { browser: null, probe: { ...certificate(-3), authorized: false, authorizationError: "CERT_HAS_EXPIRED" } },
          hsts: { present: true, valid: true, maxAgeSeconds: 3600, includeSubDomains: false, preload: false },
          mixedContent: { blocked: 1, upgraded: 2, allowed: 3, items: [] },
          cookiesWithoutSecure: 2,
          privacyHeaders: { referrerPolicy: "unsafe-url", permissionsPolicy: false, csp: false, cspReportOnly: false },
        }),
        privacyPolicy: policy({ disclosures: { ...ALL_DISCLOSED, retention: false }, vendorsNotNamed: ["Acme Ads"], vendorsChecked: 3 }),
        usPrivacy: usPrivacy({
          doNotSellOrShareLink: false,
          yourPrivacyChoicesLink: false,
          gpcJson: { status: "invalid", gpc: null, lastUpdate: false },
          gpcPass: { status: "completed", reason: null, advertisingVendors: ["Acme Ads"] },
        }),
      },
      "daily-courier",
    );
    expect(outcomes(groups, "transport")).toMatchObject({
      certificate_trusted: "passed",
      certificate_not_expiring: "issue",
      hsts: "issue",
      no_mixed_content: "issue",
      secure_cookies: "issue",
      referrer_policy: "issue",
    });
    expect(outcomes(groups, "privacy_policy")).toMatchObject({
      discloses_retention: "issue",
      discloses_cookies: "passed",
      vendors_named: "issue",
    });
    // daily-courier runs advertising trackers: no opt-out link is then a finding, and an issue here.
    expect(outcomes(groups, "us_privacy")).toMatchObject({ us_opt_out_link: "issue", gpc_json: "issue", gpc_honoured: "issue" });
    const details = groups.flatMap((group) => group.checks.map((check) => check.detail ?? "")).join(" ");
    expect(details).toContain("3 loaded, 2 upgraded to HTTPS, 1 blocked by the browser.");
    expect(details).toContain("Not named: Acme Ads.");
    expect(details).toContain("Loaded: Acme Ads.");
  });

  it("reads no opt-out link as absent on a site without advertising trackers, where it is no finding", () => {
    const quiet = checksOf({ usPrivacy: usPrivacy({ doNotSellOrShareLink: false, yourPrivacyChoicesLink: false }) }, "quiet-bakery");
    expect(outcomes(quiet, "us_privacy").us_opt_out_link).toBe("absent");
  });
});
