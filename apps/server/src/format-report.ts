import {
  describeScoreReading,
  EVIDENCE_PHASES,
  vendorPhaseCellText,
  type Criticality,
  type FindingList,
  type PreConsentTable,
  type RiskLevel,
  type Scan,
  type SiteCheckGroup,
  type VendorPhaseMatrix,
  type VisitTimeline,
  type ConsentModeSummary,
  type TcfPhaseSummary,
  type GppPhaseSummary,
  type GpcAnswer,
  type BannerDesign,
  type ChoiceToggles,
} from "@public-scan/core";
import { formatBannerDesign } from "./format-banner-design.js";
import { formatConsentMode } from "./format-consent-mode.js";
import { formatGpp } from "./format-gpp.js";
import { formatTcf } from "./format-tcf.js";
import { formatSiteChecks } from "./format-site-checks.js";
import { formatVisitTimeline } from "./format-visit-timeline.js";
import { formatTable } from "./format-table.js";
import { PLAIN, type Paint } from "./terminal-paint.js";

const CRITICALITY_COLOURS = { high: "red", medium: "yellow", low: "cyan", info: "dim" } as const satisfies Record<
  Criticality,
  Parameters<Paint>[0]
>;
const RISK_COLOURS = {
  not_assessed: "dim",
  informational: "green",
  review_suggested: "cyan",
  review_recommended: "yellow",
  priority_review: "red",
} as const satisfies Record<RiskLevel, Parameters<Paint>[0]>;

/**
 * The report part of the scan command's output, rendered from the same resources the API serves: the Scan
 * (score, risk, coverage, disposition), its finding list and the complete pre-consent table.
 */
export function formatReport(
  resources: {
    scan: Scan;
    findings: FindingList;
    table: PreConsentTable;
    /** The stored report's vendor x phase matrix, when it has one. */
    vendorPhases?: VendorPhaseMatrix | null;
    /** The stored report's transport, privacy-policy and US-law checks, when it has them. */
    checks?: readonly SiteCheckGroup[] | undefined;
    /** The stored report's timeline of the visit, when it has one. */
    timeline?: VisitTimeline | undefined;
    /** The stored report's Google Consent Mode summary, when the scan saw consent mode or Google hits. */
    consentMode?: ConsentModeSummary | undefined;
    /** The stored report's decoded TCF strings per phase, when the scan decoded any. */
    tcf?: readonly TcfPhaseSummary[] | undefined;
    /** The stored report's GPP and US Privacy strings per phase, when the page had either API. */
    gpp?: readonly GppPhaseSummary[] | undefined;
    /** The stored report's answer to "did the site honour GPC?", when the scan ran a GPC visit. */
    gpcAnswer?: GpcAnswer | undefined;
    /** The stored report's measurements of the banner's first layer, when it has them. */
    bannerDesign?: BannerDesign | undefined;
    choiceToggles?: ChoiceToggles | undefined;
  },
  paint: Paint = PLAIN,
): string {
  const { scan, findings, table } = resources;
  const out: string[] = [];
  out.push(paint("bold", `public-scan report for ${scan.url}`));
  // A no-go's score is the contract's placeholder 0, no measurement: it must not read as the worst score.
  const score = scan.scoreStatus === "not_assessed" ? "Score not assessed (the page could not be observed)" : `Score ${scan.score}/100`;
  out.push(
    `  ${paint(RISK_COLOURS[scan.riskLevel], score)} · risk ${scan.riskLevel} · coverage ${scan.coverage.status} · ${scan.status} · score version ${scan.scoreVersion}`,
  );
  const reading = describeScoreReading(scan.scoreReading);
  if (reading !== null) out.push(`  ${reading}`);
  if (scan.reused) out.push(`  Reused a scan from ${scan.reusedScanAgeSeconds ?? 0} s ago (run with --fresh for a new one).`);
  out.push(`  ${scan.coverage.summary}`);
  if (scan.resultDispositionReason) out.push(`  No-go: ${scan.resultDispositionReason.message}`);
  for (const limitation of scan.coverage.limitations) out.push(`  Limitation: ${limitation}`);

  if (resources.vendorPhases) out.push("", ...formatVendorPhases(resources.vendorPhases, paint));
  const timeline = formatVisitTimeline(resources.timeline, paint);
  if (timeline.length > 0) out.push("", ...timeline);

  out.push("", paint("bold", `Findings (${findings.findings.length})`));
  if (findings.findings.length > 0) {
    const [header, ...rows] = formatTable(
      ["PRIORITY", "CRITICALITY", "FINDING", "EXAMPLES", "ID"],
      findings.findings.map((finding) => [
        String(finding.priority),
        finding.criticality,
        finding.label,
        String(finding.evidence.exampleCount),
        finding.id,
      ]),
    ).split("\n");
    // Each row is coloured whole, after padding, so colour codes never shift the columns.
    out.push(header!, ...rows.map((row, index) => paint(CRITICALITY_COLOURS[findings.findings[index]!.criticality], row)));
  }

  out.push("", paint("bold", `Pre-consent cookies, storage and trackers (${table.rows.length})`));
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
  const bannerDesign = formatBannerDesign(resources.bannerDesign, resources.choiceToggles, paint);
  if (bannerDesign.length > 0) out.push("", ...bannerDesign);
  const consentMode = formatConsentMode(resources.consentMode, paint);
  if (consentMode.length > 0) out.push("", ...consentMode);
  const tcf = formatTcf(resources.tcf, paint);
  if (tcf.length > 0) out.push("", ...tcf);
  const gpp = formatGpp(resources, paint);
  if (gpp.length > 0) out.push("", ...gpp);
  const checks = formatSiteChecks(resources.checks ?? [], paint);
  if (checks.length > 0) out.push("", ...checks);
  out.push("", scan.disclaimer);
  return out.join("\n");
}

const PHASE_HEADINGS = {
  pre_consent: "BEFORE CONSENT",
  after_reject: "AFTER REJECT",
  reject_next_page: "NEXT PAGE (REJECT)",
  after_accept: "AFTER ACCEPT",
  accept_next_page: "NEXT PAGE (ACCEPT)",
  gpc: "UNDER GPC",
} as const;

/** The vendor x phase matrix: what each vendor did before consent, after reject, after accept and under GPC. */
function formatVendorPhases(matrix: VendorPhaseMatrix, paint: Paint): string[] {
  const lines = [paint("bold", `What consent changes (${matrix.rows.length} vendors)`)];
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
