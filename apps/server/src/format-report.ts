import {
  EVIDENCE_PHASES,
  vendorPhaseCellText,
  type FindingList,
  type PreConsentTable,
  type Scan,
  type VendorPhaseMatrix,
} from "@public-scan/core";
import { formatTable } from "./format-table.js";

/**
 * The report part of the scan command's output, rendered from the same resources the API serves: the Scan
 * (score, risk, coverage, disposition), its finding list and the complete pre-consent table.
 */
export function formatReport(resources: {
  scan: Scan;
  findings: FindingList;
  table: PreConsentTable;
  /** The stored report's vendor x phase matrix, when it has one. */
  vendorPhases?: VendorPhaseMatrix | null;
}): string {
  const { scan, findings, table } = resources;
  const out: string[] = [];
  out.push(`public-scan report for ${scan.url}`);
  // A no-go's score is the contract's placeholder 0, no measurement: it must not read as the worst score.
  const score = scan.scoreStatus === "not_assessed" ? "Score not assessed (the page could not be observed)" : `Score ${scan.score}/100`;
  out.push(`  ${score} · risk ${scan.riskLevel} · coverage ${scan.coverage.status} · ${scan.status} · score version ${scan.scoreVersion}`);
  if (scan.reused) out.push(`  Reused a scan from ${scan.reusedScanAgeSeconds ?? 0} s ago (run with --fresh for a new one).`);
  out.push(`  ${scan.coverage.summary}`);
  if (scan.resultDispositionReason) out.push(`  No-go: ${scan.resultDispositionReason.message}`);
  for (const limitation of scan.coverage.limitations) out.push(`  Limitation: ${limitation}`);

  if (resources.vendorPhases) out.push("", ...formatVendorPhases(resources.vendorPhases));

  out.push("", `Findings (${findings.findings.length})`);
  if (findings.findings.length > 0) {
    out.push(
      formatTable(
        ["PRIORITY", "CRITICALITY", "FINDING", "EXAMPLES", "ID"],
        findings.findings.map((finding) => [
          String(finding.priority),
          finding.criticality,
          finding.label,
          String(finding.evidence.exampleCount),
          finding.id,
        ]),
      ),
    );
  }

  out.push("", `Pre-consent cookies, storage and trackers (${table.rows.length})`);
  if (table.rows.length > 0) {
    out.push(
      formatTable(
        ["PRIORITY", "KIND", "NAME", "VENDOR", "HOST", "PURPOSE", "PARTY", "REQUESTS"],
        table.rows.map((row) => [
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
  out.push("", scan.disclaimer);
  return out.join("\n");
}

const PHASE_HEADINGS = {
  pre_consent: "BEFORE CONSENT",
  after_reject: "AFTER REJECT",
  after_accept: "AFTER ACCEPT",
  gpc: "UNDER GPC",
} as const;

/** The vendor x phase matrix: what each vendor did before consent, after reject, after accept and under GPC. */
function formatVendorPhases(matrix: VendorPhaseMatrix): string[] {
  const lines = [`What consent changes (${matrix.rows.length} vendors)`];
  if (matrix.rows.length === 0) return [...lines, "  No vendor set a cookie or storage key, or was contacted as a tracker."];
  lines.push(
    formatTable(
      ["VENDOR", ...EVIDENCE_PHASES.map((phase) => PHASE_HEADINGS[phase])],
      matrix.rows.map((row) => [
        row.vendor,
        ...EVIDENCE_PHASES.map((phase) => {
          const cell = row.phases[phase];
          return cell === undefined ? "not run" : (vendorPhaseCellText(cell) ?? "-");
        }),
      ]),
    ),
  );
  return lines;
}
