import { DISCLAIMER, MAX_FINDING_EXAMPLES, type FindingDetail, type PreConsentTable, type ScanChanges } from "../contract/index.js";
import { toScanChanges } from "../projection/changes/to-scan-changes.js";
import type { ConsentSummary } from "../projection/to-consent-summary.js";
import type { VendorPhaseMatrix } from "../projection/to-vendor-phase-matrix.js";
import type { SiteCheckGroup } from "../projection/to-site-checks.js";
import type { PhaseRows } from "../projection/to-phase-rows.js";
import type { VisitTimeline } from "../projection/to-visit-timeline.js";
import { toScoreBreakdown, type ScoreBreakdown } from "./to-score-breakdown.js";
import type { CompletedRecord } from "../domain/scan-record.js";
import type { LinkBuilder } from "./scan-links.js";
import { scanTimeSeconds, toScanOverview } from "./scan-overview.js";
import { toFindingSummary } from "./to-finding-list.js";
import { toPreConsentTable } from "./to-pre-consent-table.js";
import { PULSE_CAVEAT, toHeadline } from "./to-pulse.js";

/** The four observation phases a scan can have, in the order a visit runs them. */
export const REPORT_PHASES = ["pre_consent", "after_reject", "after_accept", "gpc"] as const;
export type ReportPhase = (typeof REPORT_PHASES)[number];

export interface ReportPhaseStatus {
  phase: ReportPhase;
  /** `observed`: evidence of this phase is in the report; `not_run`: the scan did not run it (never "nothing found"). */
  status: "observed" | "not_run";
  note: string;
}

/**
 * Everything the human report page shows, from the same projected resources as the API: the scan
 * overview, every finding with its examples, caveats and next steps, the complete pre-consent table, the
 * phases and the disclaimer. No raw observation reaches it.
 */
export interface ReportView {
  scan: ReturnType<typeof toScanOverview> & { scanTimeSeconds: number | null };
  headline: string;
  findings: FindingDetail["finding"][];
  table: Pick<PreConsentTable, "summary" | "rows">;
  phases: ReportPhaseStatus[];
  /** The consent banner and what its options did; absent for scans without consent detection. */
  consent?: ConsentSummary;
  /** What each vendor did before consent, after reject, after accept and under GPC; absent in older reports. */
  vendorPhases?: VendorPhaseMatrix;
  /** The transport, privacy-policy and US-law checklists, passed checks included; absent in older reports. */
  checks?: SiteCheckGroup[];
  /** Every cookie, storage key, tracker and service host of each completed phase; absent in older reports. */
  phaseRows?: PhaseRows;
  /** When the banner showed, reject was used and each tracker host first fired in the scan's own visit; absent in older reports. */
  timeline?: VisitTimeline;
  /**
   * What changed since the target's previous scan (the same URL and region), and when that scan completed;
   * absent for a target's first scan, or when the previous one is past retention.
   */
  changes?: { since: { completedAt: string | null }; changes: ScanChanges };
  /** How the score was reached (deductions by criticality, the rubric's bands); null for a no-go. */
  scoreBreakdown: ScoreBreakdown | null;
  caveats: string[];
  links: { scan: string; findings: string; pulse: string; preConsentCookiesTrackers: string };
  disclaimer: string;
}

const PHASE_NOTES: Record<ReportPhase, string> = {
  pre_consent: "What the page set and loaded before any consent interaction.",
  after_reject: "What happens after the banner's reject option was used.",
  after_accept: "What happens after the banner's accept option was used (in a fresh visit).",
  gpc: "A visit with the Global Privacy Control signal (Sec-GPC: 1).",
};

/** The report page's view of a completed scan, compared with `previous` when the target had an earlier scan. */
export function toReportView(record: CompletedRecord, links: LinkBuilder, previous: CompletedRecord | null = null): ReportView {
  const report = record.report;
  const noGo = report.resultDisposition === "no_go";
  const table = toPreConsentTable(record, links);
  return {
    scan: { ...toScanOverview(record), scanTimeSeconds: scanTimeSeconds(record) },
    headline: toHeadline(record),
    findings: report.findings.map((finding) => ({
      ...toFindingSummary(finding),
      description: finding.description,
      examples: finding.examples.slice(0, MAX_FINDING_EXAMPLES),
      caveats: [...finding.caveats],
      nextSteps: [...finding.nextSteps],
    })),
    table: { summary: table.summary, rows: table.rows },
    phases: REPORT_PHASES.map((phase) => {
      // A phase that did not run is said so, with why, never read as "nothing found". Reports stored before
      // phases existed only have the pre-consent visit.
      const run = report.phases?.find((candidate) => candidate.phase === phase);
      if (run !== undefined && !noGo) {
        const why = run.reason === null ? "" : ` (${run.reason.replaceAll("_", " ")})`;
        return run.status === "completed"
          ? { phase, status: "observed" as const, note: PHASE_NOTES[phase] }
          : { phase, status: "not_run" as const, note: `${PHASE_NOTES[phase]} Not observed in this scan${why}.` };
      }
      const observed = phase === "pre_consent" && !noGo;
      return {
        phase,
        status: observed ? "observed" : "not_run",
        note: observed ? PHASE_NOTES[phase] : `${PHASE_NOTES[phase]} This scan has no evidence of this phase.`,
      };
    }),
    ...(report.consent && !noGo ? { consent: report.consent } : {}),
    ...(report.vendorPhases && !noGo ? { vendorPhases: report.vendorPhases } : {}),
    ...(report.checks && !noGo ? { checks: report.checks } : {}),
    ...(report.phaseRows && !noGo ? { phaseRows: report.phaseRows } : {}),
    ...(report.timeline && !noGo ? { timeline: report.timeline } : {}),
    ...(previous === null
      ? {}
      : { changes: { since: { completedAt: previous.completedAt }, changes: toScanChanges(previous.report, report) } }),
    scoreBreakdown: noGo ? null : toScoreBreakdown(report.findings),
    caveats: [PULSE_CAVEAT, ...report.coverage.limitations],
    links: {
      scan: links.scan(record.scanId),
      findings: links.findings(record.scanId),
      pulse: links.pulse(record.scanId),
      preConsentCookiesTrackers: links.preConsentCookiesTrackers(record.scanId),
    },
    disclaimer: DISCLAIMER,
  };
}
