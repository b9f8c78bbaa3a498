import type { ScanReport } from "@public-scan/core";
import { formatTable } from "./format-table.js";

/**
 * The report part of the scan command's output: score, risk, coverage, the findings and the complete
 * pre-consent table, as core's projections computed them from the observations.
 */
export function formatReport(report: ScanReport, url: string): string {
  const out: string[] = [];
  out.push(`public-scan report for ${url}`);
  out.push(
    `  Score ${report.score}/100 · risk ${report.riskLevel} · coverage ${report.coverage.status} · ${report.status} · score version ${report.scoreVersion}`,
  );
  out.push(`  ${report.coverage.summary}`);
  if (report.resultDispositionReason) out.push(`  No-go: ${report.resultDispositionReason.message}`);
  for (const limitation of report.coverage.limitations) out.push(`  Limitation: ${limitation}`);

  out.push("", `Findings (${report.findings.length})`);
  if (report.findings.length > 0) {
    out.push(
      formatTable(
        ["PRIORITY", "CRITICALITY", "FINDING", "EXAMPLES", "ID"],
        report.findings.map((finding) => [
          String(finding.priority),
          finding.criticality,
          finding.label,
          String(finding.evidence.exampleCount),
          finding.id,
        ]),
      ),
    );
  }

  const rows = report.preConsentRows;
  out.push("", `Pre-consent cookies, storage and trackers (${rows.length})`);
  if (rows.length > 0) {
    out.push(
      formatTable(
        ["PRIORITY", "KIND", "NAME", "VENDOR", "HOST", "PURPOSE", "PARTY", "REQUESTS"],
        rows.map((row) => [
          String(row.priority),
          row.kind,
          row.name ?? "-",
          row.vendor,
          row.host,
          row.purpose,
          row.party === "first_party" ? "1st" : "3rd",
          row.requestCount === null ? "-" : String(row.requestCount),
        ]),
      ),
    );
  }
  return out.join("\n");
}
