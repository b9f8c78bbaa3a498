import { isAtLeast, type Criticality, type FindingSummary, type Scan } from "@public-scan/core";

export interface ScanGate {
  /** Findings at this criticality or above fail the gate; null: findings never do. */
  readonly failOn: Criticality | null;
  /** A score under this fails the gate; null: the score never does. */
  readonly minScore: number | null;
  /** Finding codes of a baseline scan: only findings not among them count. Null: every finding counts. */
  readonly baseline: ReadonlySet<string> | null;
}

export interface GateVerdict {
  readonly passed: boolean;
  /** Why it failed, one line each; empty when it passed. */
  readonly reasons: string[];
  /** Findings that count against the gate (new ones, with a baseline) at `failOn` or above. */
  readonly failing: FindingSummary[];
}

/** The verdict of a CI gate on an assessed scan (a scan that was not assessed fails before any gate). */
export function evaluateScanGate(scan: Pick<Scan, "score">, findings: readonly FindingSummary[], gate: ScanGate): GateVerdict {
  const counted = gate.baseline === null ? findings : findings.filter((finding) => !gate.baseline!.has(finding.id));
  const threshold = gate.failOn;
  const failing = threshold === null ? [] : counted.filter((finding) => isAtLeast(finding.criticality, threshold));
  const reasons: string[] = [];
  if (failing.length > 0) {
    const which = gate.baseline === null ? "" : "new ";
    reasons.push(
      `${failing.length} ${which}finding${failing.length === 1 ? "" : "s"} at ${threshold} or above: ${failing.map((finding) => finding.id).join(", ")}`,
    );
  }
  if (gate.minScore !== null && scan.score < gate.minScore) reasons.push(`score ${scan.score} is under the minimum ${gate.minScore}`);
  return { passed: reasons.length === 0, reasons, failing };
}
