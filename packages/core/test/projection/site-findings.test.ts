import { describe, expect, it } from "vitest";
import { ScanObservationsSchema, type ScanObservations } from "../../src/observations/scan-observations.js";
import { toScanReport } from "../../src/projection/to-scan-report.js";
import { readRecordedObservations, type RecordedScan } from "@public-scan/recorded-scans";
import { ALL_DISCLOSED, OK, certificate, policy, transport, usPrivacy } from "./support/site-observations.js";

const recorded = (name: RecordedScan): ScanObservations => ScanObservationsSchema.parse(readRecordedObservations(name));

const report = (observations: Partial<ScanObservations>, base = recorded("green-grocer")) =>
  toScanReport(ScanObservationsSchema.parse({ ...base, ...observations }));
const ids = (observations: Partial<ScanObservations>, base?: ScanObservations) =>
  report(observations, base).findings.map((finding) => finding.id);

describe("transport findings", () => {
  it("reports nothing for a well-configured HTTPS site, and says transport was observed", () => {
    const clean = report({ transport: transport() });
    expect(clean.findings.filter((finding) => finding.category === "transport")).toEqual([]);
    expect(clean.coverage.summary).toContain("transport security");
  });

  it("reads each transport case", () => {
    expect(
      ids({
        transport: transport({ httpsAvailable: false, finalScheme: "http", hsts: null, certificate: { browser: null, probe: null } }),
      }),
    ).toContain("https_not_available");
    const expired = transport({
      certificate: { browser: null, probe: { ...certificate(-3), authorized: false, authorizationError: "CERT_HAS_EXPIRED" } },
    });
    expect(ids({ transport: expired })).toContain("certificate_expired");
    expect(ids({ transport: expired })).not.toContain("certificate_not_trusted");
    expect(ids({ transport: transport({ certificate: { browser: certificate(5), probe: null } }) })).toContain("certificate_expires_soon");
    const wrongHost = transport({
      certificate: {
        browser: null,
        probe: { ...certificate(90), subjectMatchesHost: false, authorized: false, authorizationError: "ERR_TLS_CERT_ALTNAME_INVALID" },
      },
    });
    expect(ids({ transport: wrongHost })).toContain("certificate_not_trusted");
    expect(ids({ transport: transport({ httpRedirectsToHttps: false }) })).toContain("http_not_redirected_to_https");
    expect(
      ids({
        transport: transport({ hsts: { present: false, valid: false, maxAgeSeconds: null, includeSubDomains: false, preload: false } }),
      }),
    ).toContain("hsts_missing");
    expect(
      ids({
        transport: transport({ hsts: { present: true, valid: true, maxAgeSeconds: 3600, includeSubDomains: false, preload: false } }),
      }),
    ).toContain("hsts_short_max_age");
    const mixed = transport({
      mixedContent: {
        blocked: 1,
        upgraded: 0,
        allowed: 1,
        items: [{ host: "cdn.example.net", resourceType: "script", resolution: "allowed", count: 1 }],
      },
    });
    const finding = report({ transport: mixed }).findings.find((candidate) => candidate.id === "mixed_content_loaded");
    expect(finding?.examples.map((example) => example.host)).toEqual(["cdn.example.net"]);
    expect(
      ids({
        transport: transport({
          privacyHeaders: { referrerPolicy: "unsafe-url", permissionsPolicy: false, csp: false, cspReportOnly: false },
        }),
      }),
    ).toContain("referrer_policy_leaks_full_urls");
  });

  it("reports cookies without Secure only for a page served over HTTPS", () => {
    const courier = recorded("daily-courier");
    const insecure = { ...courier, cookies: courier.cookies.map((cookie, index) => (index === 0 ? { ...cookie, secure: false } : cookie)) };
    expect(ids({ transport: transport() }, insecure)).toContain("cookies_without_secure");
    expect(ids({ transport: transport({ finalScheme: "http" }) }, insecure)).not.toContain("cookies_without_secure");
    expect(ids({}, insecure)).not.toContain("cookies_without_secure");
  });

  it("turns a failed probe into a coverage gap, never a finding", () => {
    const broken = report({
      transport: transport({
        status: "partial",
        steps: { tlsProbe: { status: "timed_out", reason: "probe_timeout" }, httpProbe: OK, browser: OK },
        httpsAvailable: null,
        certificate: { browser: certificate(200), probe: null },
      }),
    });
    expect(broken.coverage.status).toBe("partial");
    expect(broken.coverage.limitations.join(" ")).toContain("tlsProbe step timed out");
    expect(broken.findings.filter((finding) => finding.category === "transport")).toEqual([]);
  });
});

describe("privacy policy findings", () => {
  it("lists disclosures not observed and vendors not named, by code and name only", () => {
    const partial = report({
      privacyPolicy: policy({
        disclosures: { ...ALL_DISCLOSED, retention: false, dataProtectionOfficer: false },
        vendorsNotNamed: ["Hotjar"],
      }),
    });
    const disclosures = partial.findings.find((finding) => finding.id === "policy_disclosures_not_observed");
    expect(disclosures?.examples.map((example) => example.name).sort()).toEqual([
      "not_observed_dataProtectionOfficer",
      "not_observed_retention",
    ]);
    expect(
      partial.findings.find((finding) => finding.id === "vendors_not_named_in_policy")?.examples.map((example) => example.vendor),
    ).toEqual(["Hotjar"]);
  });

  it("reports a missing link, but an unreachable policy only lowers coverage", () => {
    expect(
      ids({
        privacyPolicy: policy({
          link: { foundIn: "none", host: null, sameSite: null },
          fetchStatus: "skipped",
          disclosures: null,
          vendorsNotNamed: null,
        }),
      }),
    ).toContain("privacy_policy_not_found");
    const unreachable = report({
      privacyPolicy: policy({
        fetchStatus: "not_found",
        httpStatus: 404,
        disclosures: null,
        vendorsNotNamed: null,
        vendorsChecked: null,
        language: null,
        textLength: null,
      }),
    });
    expect(unreachable.findings.filter((finding) => finding.category === "privacy_policy")).toEqual([]);
    expect(unreachable.coverage).toMatchObject({ status: "partial" });
    expect(unreachable.coverage.limitations.join(" ")).toContain("privacy policy could not be read (not found)");
  });
});

describe("US-law findings", () => {
  it("reports a missing opt-out link only when advertising trackers ran", () => {
    const none = { doNotSellOrShareLink: false, yourPrivacyChoicesLink: false };
    expect(ids({ usPrivacy: usPrivacy(none) }, recorded("daily-courier"))).toContain("us_opt_out_link_not_found");
    expect(ids({ usPrivacy: usPrivacy(none) }, recorded("quiet-bakery"))).not.toContain("us_opt_out_link_not_found");
    expect(ids({ usPrivacy: usPrivacy({}) }, recorded("daily-courier"))).not.toContain("us_opt_out_link_not_found");
    expect(ids({ usPrivacy: usPrivacy({ gpcJson: { status: "invalid", gpc: null, lastUpdate: false } }) })).toContain(
      "gpc_support_file_invalid",
    );
  });
});
