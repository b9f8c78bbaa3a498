import type { Coverage, NoGoReasonCode, PreConsentRow, ResultDisposition, RiskLevel, ScoreLens } from "../contract/index.js";
import type { PhaseRun } from "../observations/phase-observation.js";
import { toConsentSummary, type ConsentSummary } from "./to-consent-summary.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import { toFindings, type Finding } from "./findings/to-findings.js";
import { SCORE_VERSION } from "./score/score-rubric.js";
import { toCoverage } from "./score/to-coverage.js";
import { toLensScore } from "./score/to-score-reading.js";
import { toEvidence } from "./to-evidence.js";
import { toPhaseRows, type PhaseRows } from "./to-phase-rows.js";
import { toSiteChecks, type SiteCheckGroup } from "./to-site-checks.js";
import { toVendorPhaseMatrix, type VendorPhaseMatrix } from "./to-vendor-phase-matrix.js";
import { toPreConsentRows } from "./to-pre-consent-rows.js";
import { toVisitTimeline, type VisitTimeline } from "./to-visit-timeline.js";
import { withConsentModeReadings } from "./with-consent-mode-readings.js";

/** The scored result of one scan: everything the resources and reports are rendered from. */
export interface ScanReport {
  status: "completed" | "completed_limited";
  score: number;
  scoreStatus: "final" | "provisional" | "not_assessed";
  scoreVersion: string;
  riskLevel: RiskLevel;
  /** The reading `score` and `riskLevel` follow (absent in reports stored before readings: `combined`). */
  lens?: ScoreLens;
  coverage: Coverage;
  resultDisposition: ResultDisposition;
  resultDispositionReason: { code: NoGoReasonCode; message: string } | null;
  findings: Finding[];
  preConsentRows: PreConsentRow[];
  /** The phases the scan ran and why any did not (absent in reports stored before phases existed). */
  phases?: PhaseRun[];
  /** The consent banner and what reject and accept did (absent before consent detection existed). */
  consent?: ConsentSummary;
  /** What each vendor did in each completed phase (absent in reports stored before it existed, and in a no-go). */
  vendorPhases?: VendorPhaseMatrix;
  /** Every transport, privacy-policy and US-law check, passed ones included (absent before checks were stored, and in a no-go). */
  checks?: SiteCheckGroup[];
  /** Every cookie, storage key, tracker and service host of each completed phase (absent in older reports and in a no-go). */
  phaseRows?: PhaseRows;
  /** When the banner showed, reject was used and each tracker host first fired in the scan's own visit (absent in older reports and in a no-go). */
  timeline?: VisitTimeline;
}

/**
 * Observations -> evidence -> findings -> score, risk, coverage and disposition, and the pre-consent table.
 * Pure: the same observations always give the same report. A no-go page is not assessed (score status and
 * risk `not_assessed`, no findings; the score is 0 only because the contract's score is an integer): what it
 * did not show proves nothing, and a measured 0 would read as the worst result.
 */
export function toScanReport(observations: ScanObservations, options: { lens?: ScoreLens } = {}): ScanReport {
  const lens = options.lens ?? "combined";
  const { coverage, disposition, reason } = toCoverage(observations);
  if (disposition === "no_go") {
    return {
      status: "completed_limited",
      score: 0,
      scoreStatus: "not_assessed",
      scoreVersion: SCORE_VERSION,
      riskLevel: "not_assessed",
      lens,
      coverage,
      resultDisposition: disposition,
      resultDispositionReason: reason,
      findings: [],
      preConsentRows: [],
    };
  }
  const evidence = toEvidence(observations);
  const consent = toConsentSummary(observations);
  const findings = withConsentModeReadings(toFindings(evidence), observations);
  // The headline follows the scan's reading; every finding is still reported, with the readings it concerns.
  const { score, riskLevel } = toLensScore(findings, lens);
  return {
    status: disposition === "standard" ? "completed" : "completed_limited",
    score,
    scoreStatus: coverage.status === "complete" ? "final" : "provisional",
    scoreVersion: SCORE_VERSION,
    riskLevel,
    lens,
    coverage,
    resultDisposition: disposition,
    resultDispositionReason: null,
    findings,
    preConsentRows: toPreConsentRows(evidence),
    ...(observations.phases ? { phases: observations.phases.map((phase) => ({ ...phase })) } : {}),
    ...(consent === null ? {} : { consent }),
    vendorPhases: toVendorPhaseMatrix(evidence, observations.phases),
    phaseRows: toPhaseRows(evidence, observations.phases),
    checks: toSiteChecks(observations, { findingIds: new Set(findings.map((finding) => finding.id)) }),
    ...withTimeline(toVisitTimeline(observations, evidence)),
  };
}

/** The timeline as an optional field: absent, not undefined, so a stored report's JSON has no hole. */
function withTimeline(timeline: VisitTimeline | undefined): { timeline?: VisitTimeline } {
  return timeline === undefined ? {} : { timeline };
}
