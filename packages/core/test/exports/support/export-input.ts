import type { RecordedScan } from "@public-scan/recorded-scans";
import type { PreConsentRow } from "../../../src/contract/index.js";
import type { ScanExportInput } from "../../../src/exports/index.js";
import { createLinkBuilder } from "../../../src/render/scan-links.js";
import { toFindingsExport } from "../../../src/render/to-findings-export.js";
import { toPreConsentTable } from "../../../src/render/to-pre-consent-table.js";
import { completedRecord } from "../../fixtures/completed-record.js";

const links = createLinkBuilder("https://scan.example.org/");

/** The export input of a recorded scan, as the service reads it. */
export function exportInputOf(name: RecordedScan): ScanExportInput {
  const record = completedRecord(name);
  return { findings: toFindingsExport(record, links), table: toPreConsentTable(record, links) };
}

/**
 * Names a hostile page can give its cookies and storage keys: a spreadsheet formula, a Markdown image (a
 * tracking pixel in a PR comment), a link, HTML, a table cell break, XML markup and a control character.
 */
export const HOSTILE_NAMES = [
  '=HYPERLINK("https://evil.example/x","click")',
  "+cmd|' /C calc'!A0",
  "![pixel](https://evil.example/p.png)",
  "[click](https://evil.example/)",
  "<img src=x onerror=alert(1)>",
  "a|b\nc",
  ']]></failure><failure message="x">',
  "bell\u0007char",
  '"quoted", with comma',
] as const;

/** The input with one cookie row per hostile name added to its pre-consent table. */
export function withHostileRows(input: ScanExportInput): ScanExportInput {
  const rows: PreConsentRow[] = HOSTILE_NAMES.map((name) => ({
    kind: "cookie",
    name,
    vendor: "Unattributed",
    host: "evil.example",
    purpose: "unknown",
    party: "third_party",
    priority: 2,
    requestCount: null,
    phase: "pre_consent",
    evidenceBasis: "public_report_projection",
  }));
  const findings = input.findings.findings.map((finding, index) =>
    index === 0
      ? { ...finding, examples: [...finding.examples.slice(0, 10), ...HOSTILE_NAMES.map((name) => ({ ...finding.examples[0]!, name }))] }
      : finding,
  );
  return {
    findings: { ...input.findings, findings },
    table: {
      ...input.table,
      rows: [...input.table.rows, ...rows],
      summary: { ...input.table.summary, cookieCount: input.table.summary.cookieCount + rows.length },
    },
  };
}
