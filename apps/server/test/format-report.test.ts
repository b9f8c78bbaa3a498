import type { FindingList, PreConsentTable, Scan } from "@public-scan/core";
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
    expect(text).toMatch(/VENDOR\s+BEFORE CONSENT\s+AFTER REJECT\s+AFTER ACCEPT\s+UNDER GPC/);
    expect(text).toMatch(/Google\s+2 trackers, 1 cookie\s+-\s+not run\s+not run/);
    expect(text.indexOf("What consent changes")).toBeLessThan(text.indexOf("Findings ("));
  });

  it("has no matrix for a report stored without one", () => {
    expect(formatReport({ scan: observedScan as Scan, ...empty, vendorPhases: null })).not.toContain("What consent changes");
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
