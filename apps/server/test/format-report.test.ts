import type { FindingList, PreConsentTable, Scan } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { contractExamples } from "@public-scan/core/testing";
import { formatReport } from "../src/format-report.js";

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
