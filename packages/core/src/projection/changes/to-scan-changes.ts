import {
  EVIDENCE_PHASES,
  type ChangedFinding,
  type ChangedRow,
  type ComparableScan,
  type EvidencePhase,
  type PhaseChanges,
  type PreConsentRow,
  type ScanChanges,
} from "../../contract/index.js";
import type { PhaseRow } from "../to-phase-rows.js";
import type { ScanReport } from "../to-scan-report.js";
import { evidenceFingerprint } from "./evidence-fingerprint.js";
import { toChangeHeadlines } from "./to-change-headlines.js";

/** What the comparison reads of a stored report. */
export type ComparedReport = Pick<
  ScanReport,
  "score" | "riskLevel" | "coverage" | "resultDisposition" | "findings" | "preConsentRows" | "phaseRows" | "phases"
>;

const COVERAGE_RANK = { none: 0, partial: 1, complete: 2 } as const;

/**
 * A stored report as a comparison reads it (`ComparableScan`): each phase's rows with their fingerprints,
 * and which phases it completed (none for a no-go; pre-consent only for a report older than phases).
 */
export function toComparableScan(report: ComparedReport): ComparableScan {
  const completed = completedPhases(report);
  return {
    score: report.score,
    riskLevel: report.riskLevel,
    coverage: report.coverage.status,
    resultDisposition: report.resultDisposition,
    findings: report.findings.map(toChangedFinding),
    phases: EVIDENCE_PHASES.map((phase) => ({
      phase,
      completed: completed.has(phase),
      rows: completed.has(phase) ? rowsOf(report, phase) : [],
    })),
  };
}

/** The changes between two stored reports of a target: `compareScans` of their comparable forms. */
export const toScanChanges = (before: ComparedReport, after: ComparedReport): ScanChanges =>
  compareScans(toComparableScan(before), toComparableScan(after));

/**
 * The changes from one completed scan of a target (`before`) to a later one (`after`): findings new,
 * resolved, unchanged, and those that cannot be compared; per phase, the cookies, storage keys, trackers,
 * services and vendors that started or stopped; score, risk and coverage. Pure. Rows are matched by their
 * fingerprint (phase, kind, host, name), findings by their code.
 */
export function compareScans(before: ComparableScan, after: ComparableScan): ScanChanges {
  const completedBefore = completedOf(before);
  const completedAfter = completedOf(after);
  const phases = EVIDENCE_PHASES.map((phase) => phaseChanges(phase, { before, after, completedBefore, completedAfter }));
  const coverageDropped = COVERAGE_RANK[after.coverage] < COVERAGE_RANK[before.coverage];
  const findingsBefore = new Map(before.findings.map((finding) => [finding.id, finding]));
  const findingsAfter = new Map(after.findings.map((finding) => [finding.id, finding]));
  // A finding gone is resolved only where the later scan looked: its phase completed in both, or, for a
  // finding of no phase (transport, policy), a coverage no lower than before.
  const looked = (finding: ChangedFinding) =>
    finding.phase === null ? !coverageDropped : completedBefore.has(finding.phase) && completedAfter.has(finding.phase);
  const gone = [...findingsBefore.values()].filter((finding) => !findingsAfter.has(finding.id));
  const changes: Omit<ScanChanges, "headlines"> = {
    score: { before: before.score, after: after.score, delta: after.score - before.score },
    riskLevel: { before: before.riskLevel, after: after.riskLevel },
    coverage: {
      before: before.coverage,
      after: after.coverage,
      comparable: !coverageDropped && before.coverage === after.coverage && phases.every(sameRun),
    },
    findings: {
      new: [...findingsAfter.values()].filter((finding) => !findingsBefore.has(finding.id)),
      resolved: gone.filter(looked),
      notComparable: gone.filter((finding) => !looked(finding)),
      unchanged: [...findingsAfter.values()].filter((finding) => findingsBefore.has(finding.id)),
    },
    phases,
  };
  return { ...changes, headlines: toChangeHeadlines(changes) };
}

/** Both scans completed the phase, or neither did: the phase does not make the scans differ in reach. */
const sameRun = (phase: PhaseChanges) => phase.comparable || phase.reason === "not_completed_in_either";

const toChangedFinding = (finding: ComparedReport["findings"][number]): ChangedFinding => ({
  id: finding.id,
  label: finding.label,
  criticality: finding.criticality,
  phase: finding.phase,
});

/** The phases a report completed: none for a page not assessed; pre-consent only for a report older than phases. */
function completedPhases(report: ComparedReport): Set<EvidencePhase> {
  if (report.resultDisposition === "no_go") return new Set();
  if (report.phases === undefined) return new Set(["pre_consent"]);
  return new Set(report.phases.filter((run) => run.status === "completed").map((run) => run.phase));
}

/** The phases a comparable scan completed; a no-go completed none, whatever a file says. */
const completedOf = (scan: ComparableScan) =>
  new Set(scan.resultDisposition === "no_go" ? [] : scan.phases.filter((run) => run.completed).map((run) => run.phase));

function rowsOf(report: ComparedReport, phase: EvidencePhase): ChangedRow[] {
  const rows: readonly (PreConsentRow | PhaseRow)[] = phase === "pre_consent" ? report.preConsentRows : (report.phaseRows?.[phase] ?? []);
  return rows.map((row) => ({
    fingerprint: evidenceFingerprint({ phase, kind: row.kind, host: row.host, name: row.name }),
    kind: row.kind,
    host: row.host,
    name: row.name,
    vendor: row.vendor,
    purpose: row.purpose,
  }));
}

function phaseChanges(
  phase: EvidencePhase,
  input: { before: ComparableScan; after: ComparableScan; completedBefore: Set<EvidencePhase>; completedAfter: Set<EvidencePhase> },
): PhaseChanges {
  const inBefore = input.completedBefore.has(phase);
  const inAfter = input.completedAfter.has(phase);
  if (!inBefore || !inAfter) {
    const reason = !inBefore && !inAfter ? "not_completed_in_either" : inAfter ? "not_completed_before" : "not_completed_now";
    return { phase, comparable: false, reason, started: [], stopped: [], vendorsStarted: [], vendorsStopped: [], unchanged: 0 };
  }
  const rowsIn = (scan: ComparableScan) => scan.phases.find((run) => run.phase === phase)?.rows ?? [];
  const before = rowsIn(input.before);
  const after = rowsIn(input.after);
  const seenBefore = new Set(before.map((row) => row.fingerprint));
  const seenAfter = new Set(after.map((row) => row.fingerprint));
  const vendorsBefore = new Set(before.map((row) => row.vendor));
  const vendorsAfter = new Set(after.map((row) => row.vendor));
  return {
    phase,
    comparable: true,
    reason: null,
    started: after.filter((row) => !seenBefore.has(row.fingerprint)),
    stopped: before.filter((row) => !seenAfter.has(row.fingerprint)),
    vendorsStarted: [...vendorsAfter].filter((vendor) => !vendorsBefore.has(vendor)).sort(),
    vendorsStopped: [...vendorsBefore].filter((vendor) => !vendorsAfter.has(vendor)).sort(),
    unchanged: after.filter((row) => seenBefore.has(row.fingerprint)).length,
  };
}
