import type { FindingList, GpcAnswer, GppPhaseSummary, PreConsentTable, Scan } from "@public-scan/core";
import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import { contractExamples } from "@public-scan/core/testing";
import { formatReport } from "../src/format-report.js";
import { COLOURED } from "../src/terminal-paint.js";

const { noGoScan, scan: observedScan } = contractExamples;
const scanId = observedScan.scanId;
const empty = {
  findings: { type: "service_finding_list", scanId, findings: [] } as unknown as FindingList,
  table: { rows: [] } as unknown as PreConsentTable,
};

describe("formatReport", () => {
  it("prints a measured score out of 100", () => {
    expect(formatReport({ scan: observedScan as Scan, ...empty })).toContain(`Score ${observedScan.score}/100`);
  });

  it("says which reading the score follows, with the other one's score", () => {
    const scoreReading = {
      lens: "eu_opt_in" as const,
      readings: [
        { regime: "eu_opt_in" as const, score: 40, riskLevel: "review_recommended" as const, findingsCounted: 3 },
        { regime: "us_opt_out" as const, score: 100, riskLevel: "informational" as const, findingsCounted: 0 },
      ],
    };
    const text = formatReport({ scan: { ...(observedScan as Scan), scoreReading }, ...empty });
    expect(text).toContain("Read under the EU opt-in rule; under the US opt-out rule: 100/100 (informational).");
  });

  it("prints a no-go's score as not assessed, never as a measured 0/100", () => {
    const text = formatReport({ scan: noGoScan as Scan, ...empty });
    expect(text).toContain("Score not assessed (the page could not be observed)");
    expect(text).not.toContain("0/100");
    expect(text).toContain(`No-go: ${noGoScan.resultDispositionReason.message}`);
  });
});

describe("the terminal report's vendor x phase matrix", () => {
  const matrix = {
    phases: ["pre_consent", "after_reject"] as ("pre_consent" | "after_reject")[],
    rows: [
      {
        vendor: "Google",
        phases: {
          pre_consent: { trackerHosts: 2, requests: 3, cookies: 1, storageKeys: 0 },
          after_reject: { trackerHosts: 0, requests: 0, cookies: 0, storageKeys: 0 },
        },
      },
    ],
  };

  it("shows each vendor's activity per phase, a dash for none and 'not run' for a phase the scan did not complete", () => {
    const text = formatReport({ scan: observedScan as Scan, ...empty, vendorPhases: matrix });
    expect(text).toContain("What consent changes (1 vendors)");
    expect(text).toMatch(/VENDOR\s+BEFORE CONSENT\s+AFTER REJECT\s+NEXT PAGE \(REJECT\)\s+AFTER ACCEPT\s+NEXT PAGE \(ACCEPT\)\s+UNDER GPC/);
    expect(text).toMatch(/Google\s+2 trackers, 1 cookie\s+-\s+not run\s+not run\s+not run\s+not run/);
    expect(text.indexOf("What consent changes")).toBeLessThan(text.indexOf("Findings ("));
  });

  it("has no matrix for a report stored without one", () => {
    expect(formatReport({ scan: observedScan as Scan, ...empty, vendorPhases: null })).not.toContain("What consent changes");
  });
});

describe("the terminal report's visit timeline", () => {
  const timeline = {
    marks: [
      { kind: "banner_shown" as const, atMs: 800 },
      { kind: "pre_consent_snapshot" as const, atMs: 2000 },
      { kind: "reject" as const, atMs: 2000 },
    ],
    hits: [
      {
        atMs: 360,
        host: "www.googletagmanager.com",
        vendor: "Google",
        party: "third_party" as const,
        phase: "pre_consent" as const,
        requests: 2,
      },
      {
        atMs: 12_400,
        host: "ad.doubleclick.net",
        vendor: "Google",
        party: "third_party" as const,
        phase: "after_reject" as const,
        requests: 1,
      },
    ],
    hiddenHits: 3,
    endMs: 12_400,
  };

  it("lists the moments and first requests in time order, aligned, after the matrix, and nothing without one", () => {
    const text = formatReport({ scan: observedScan as Scan, ...empty, timeline });
    expect(text).toContain(
      [
        "Timeline of the visit",
        "   0.0 s  Page requested",
        "   0.4 s  Google contacted (www.googletagmanager.com, 2 requests) before consent",
        "   0.8 s  Consent banner shown",
        "   2.0 s  Before-consent snapshot taken",
        "   2.0 s  Reject used on the banner",
        "  12.4 s  Google contacted (ad.doubleclick.net, 1 request) after reject",
        "  3 more tracker hosts fired later (all are in the per-phase exports).",
      ].join("\n"),
    );
    expect(text.indexOf("Timeline of the visit")).toBeLessThan(text.indexOf("Findings ("));
    expect(formatReport({ scan: observedScan as Scan, ...empty })).not.toContain("Timeline");
  });

  it("colours the phase of each tracker, and stripped of its codes reads as the plain text", () => {
    const coloured = formatReport({ scan: observedScan as Scan, ...empty, timeline }, COLOURED);
    expect(coloured).toContain("\u001b[33mGoogle contacted (www.googletagmanager.com");
    expect(coloured).toContain("\u001b[36mGoogle contacted (ad.doubleclick.net");
    expect(stripVTControlCharacters(coloured)).toBe(formatReport({ scan: observedScan as Scan, ...empty, timeline }));
  });
});

describe("the terminal report's site checks", () => {
  const checks = [
    {
      area: "transport" as const,
      title: "Transport and TLS",
      checks: [
        { code: "served_over_https", label: "Page served over HTTPS", outcome: "passed" as const, detail: null },
        { code: "hsts", label: "HTTP Strict Transport Security (HSTS)", outcome: "issue" as const, detail: "No header." },
        { code: "modern_tls", label: "TLS 1.2 or newer", outcome: "not_checked" as const, detail: null },
      ],
    },
  ];

  it("lists each area's checks with the outcome in words, after the tables, and none for a report without them", () => {
    const text = formatReport({ scan: observedScan as Scan, ...empty, checks });
    expect(text).toContain("Site checks\n  Transport and TLS (1 of 3 passed)");
    expect(text).toMatch(
      / {4}passed {7}Page served over HTTPS\n {4}look {9}HTTP Strict Transport Security \(HSTS\) · No header\.\n {4}not checked {2}TLS 1\.2 or newer/,
    );
    expect(text.indexOf("Site checks")).toBeGreaterThan(text.indexOf("Pre-consent cookies"));
    expect(formatReport({ scan: observedScan as Scan, ...empty })).not.toContain("Site checks");
  });

  it("colours the outcome only: stripped of its codes, the coloured report is the plain one", () => {
    const coloured = formatReport({ scan: observedScan as Scan, ...empty, checks }, COLOURED);
    expect(coloured).not.toBe(formatReport({ scan: observedScan as Scan, ...empty, checks }));
    expect(stripVTControlCharacters(coloured)).toBe(formatReport({ scan: observedScan as Scan, ...empty, checks }));
  });
});

describe("the terminal report in colour", () => {
  const findings = (contractExamples.findingList as unknown as FindingList).findings;
  const resources = { scan: observedScan as Scan, findings: { ...empty.findings, findings }, table: empty.table };

  it("colours headings, the score and each finding row whole, so stripping the codes gives the plain report", () => {
    const coloured = formatReport(resources, COLOURED);
    const plain = formatReport(resources);
    expect(coloured).not.toBe(plain);
    expect(stripVTControlCharacters(coloured)).toBe(plain);
    expect(plain).toBe(stripVTControlCharacters(plain));
  });
});

describe("the terminal report's Google Consent Mode", () => {
  const denied = { adStorage: "denied", analyticsStorage: "denied", adUserData: "denied", adPersonalization: "denied" } as const;
  const consentMode = {
    phases: [
      {
        phase: "pre_consent" as const,
        declared: denied,
        commands: 1,
        hits: { deniedPings: ["region1.google-analytics.com"], granted: [], withoutConsentMode: [] },
      },
      {
        phase: "gpc" as const,
        declared: null,
        commands: 0,
        hits: { deniedPings: [], granted: [], withoutConsentMode: ["ad.doubleclick.net"] },
      },
    ],
    cookielessOnlyHosts: ["region1.google-analytics.com"],
  };

  it("says each phase's declared state and hits, then both readings, and nothing without a summary", () => {
    const text = formatReport({ scan: observedScan as Scan, ...empty, consentMode });
    expect(text).toContain(
      [
        "Google Consent Mode",
        "  Before consent: declared ad storage denied, analytics storage denied, ad user data denied, ad personalization denied",
        "    storage denied (cookieless pings): region1.google-analytics.com; storage granted: none; no consent mode: none",
        "  Under GPC: declared no consent command",
        "    storage denied (cookieless pings): none; storage granted: none; no consent mode: ad.doubleclick.net",
        "  Before consent, region1.google-analytics.com received only pings with storage denied: strictly, contacts with a tracker before consent (the findings count them); permissively, cookieless measurement.",
      ].join("\n"),
    );
    expect(formatReport({ scan: observedScan as Scan, ...empty })).not.toContain("Google Consent Mode");
  });
});

describe("the terminal report's IAB TCF strings", () => {
  it("says each phase's purposes and vendors, the forbidden interests marked, and nothing without strings", () => {
    const tcf = [
      {
        phase: "after_reject" as const,
        eventStatus: "useractioncomplete" as const,
        cmpId: 300,
        tcfPolicyVersion: 4,
        purposeConsentIds: [],
        purposeLegitimateInterestIds: [2, 3],
        disallowedLegitimateInterestIds: [3],
        vendorConsents: 0,
        vendorLegitimateInterests: 6,
        vendorsDisclosed: 40,
        vendorNames: { vendorListVersion: 150, consent: ["Alpha Ads", "Beta Metrics"], legitimateInterest: [] },
      },
    ];
    const text = formatReport({ scan: observedScan as Scan, ...empty, tcf });
    expect(text).toContain(
      "IAB TCF consent string (CMP 300, policy version 4)\n  After reject (useractioncomplete): purposes by consent none; by legitimate interest 2, 3 (3 not allowed under TCF 2.2); vendors 0 by consent, 6 by legitimate interest of 40 asked about",
    );
    expect(formatReport({ scan: observedScan as Scan, ...empty, tcf: [{ ...tcf[0]!, vendorConsents: 12 }] })).toContain(
      "    by consent: Alpha Ads, Beta Metrics and 10 more",
    );
    expect(formatReport({ scan: observedScan as Scan, ...empty })).not.toContain("IAB TCF");
  });
});

describe("the terminal report's US privacy strings and GPC answer", () => {
  it("says the GPC answer with its evidence, then each phase's opt-outs, and nothing without them", () => {
    const gpcAnswer: GpcAnswer = {
      verdict: "not_honoured",
      optOuts: [{ section: "usnat", right: "sale", before: "did_not_opt_out", withGpc: "did_not_opt_out" }],
      stringsOptedOut: false,
      cmpSawGpc: false,
      advertisingVendorsWithGpc: ["AdNet"],
      gpcJsonClaims: true,
    };
    const gpp: GppPhaseSummary[] = [
      {
        phase: "gpc",
        signalStatus: "ready",
        sections: ["usnat"],
        optOuts: [
          { section: "usnat", right: "sale", state: "did_not_opt_out" },
          { section: "usp", right: "sale", state: "did_not_opt_out" },
        ],
        cmpSawGpc: false,
        usp: { notice: "yes", optOutSale: "no", lspaCovered: "no" },
      },
    ];
    const text = formatReport({ scan: observedScan as Scan, ...empty, gpp, gpcAnswer });
    expect(text).toContain(
      [
        "US privacy strings and Global Privacy Control",
        "  Global Privacy Control: Not honoured",
        "    privacy strings under GPC: usnat: sale not opted out",
        "    the consent platform's GPC field: not set",
        "    advertising vendors contacted under GPC: AdNet",
        "    gpc.json claims support",
        "  Under GPC (GPP usnat): usnat: sale not opted out; US Privacy string: sale not opted out",
      ].join("\n"),
    );
    expect(formatReport({ scan: observedScan as Scan, ...empty })).not.toContain("Global Privacy Control:");
  });
});
