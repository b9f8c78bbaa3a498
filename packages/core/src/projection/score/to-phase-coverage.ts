import type { EvidencePhase } from "../../contract/index.js";
import type { ScanObservations } from "../../observations/scan-observations.js";

const PHASE_LABELS: Record<EvidencePhase, string> = {
  pre_consent: "the pre-consent visit",
  after_reject: "after reject",
  reject_next_page: "on the next page after reject",
  after_accept: "after accept",
  accept_next_page: "on the next page after accept",
  gpc: "under Global Privacy Control",
};

/** Reasons a phase did not run that are not gaps: the phase was switched off, or there was nothing to act on. */
const EXPECTED_REASONS: Record<string, (label: string) => string> = {
  disabled: (label) => `Observation ${label} was not part of this scan.`,
  no_banner: (label) => `Observation ${label} did not run: no consent banner was found to act on.`,
  // The banner has no reject to use: a fact the consent findings report, not evidence the scan missed.
  no_reject_option: (label) => `Observation ${label} did not run: the banner offers no way to reject.`,
};

/**
 * What the consent phases add to coverage: which phases were observed (for the summary), and a limitation
 * for each that did not complete. A phase that broke, or could not run for a reason other than being off
 * or having nothing to act on (say the reject option could not be used), makes coverage partial: its
 * missing evidence is a gap, never a clean result. A banner whose options could not be read is one too.
 */
export function toPhaseCoverage(observations: ScanObservations): { observed: string[]; limitations: string[]; partial: boolean } {
  const limitations: string[] = [];
  let partial = false;
  const consent = observations.consent;
  if (consent?.status === "ok" && consent.classification === "undetermined") {
    limitations.push("A consent banner was seen but its options could not be read, so they are not assessed.");
    partial = true;
  }
  const phases = observations.phases;
  if (phases === undefined) return { observed: [PHASE_LABELS.pre_consent], limitations, partial };
  for (const phase of phases) {
    if (phase.status === "completed") continue;
    const label = PHASE_LABELS[phase.phase];
    const expected = phase.status === "not_run" && phase.reason !== null ? EXPECTED_REASONS[phase.reason] : undefined;
    if (expected) {
      limitations.push(expected(label));
      continue;
    }
    partial = true;
    const how = phase.status === "not_run" ? "could not run" : phase.status === "timed_out" ? "timed out" : "failed";
    limitations.push(
      `Observation ${label} ${how}${phase.reason === null ? "" : ` (${phase.reason.replaceAll("_", " ")})`}; its evidence is missing.`,
    );
  }
  const observed = phases.filter((phase) => phase.status === "completed").map((phase) => PHASE_LABELS[phase.phase]);
  return { observed, limitations, partial };
}
