import { EVIDENCE_PHASES, type EvidencePhase } from "../contract/index.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import { declaredConsentState, googleHitsByState, type ConsentModeStates, type GoogleHitsByState } from "./consent-mode-state.js";
import { cookielessOnlyHosts } from "./with-consent-mode-readings.js";

/** What Google Consent Mode said in one completed phase. */
export interface ConsentModePhase {
  phase: EvidencePhase;
  /** The state the page's consent commands declared for a visitor in the EEA; null when it gave none (or was not read). */
  declared: ConsentModeStates | null;
  /** The number of consent commands in the page's dataLayer at the phase's snapshot. */
  commands: number;
  /** Google's measurement hits of the phase, by the state they carried. */
  hits: GoogleHitsByState;
}

/**
 * Google Consent Mode across the phases, for the report: each completed phase's declared state and hits,
 * and both readings of the pre-consent contacts (`cookielessOnlyHosts`: hosts that only received pings with
 * storage denied; the strict reading counts them as trackers contacted, the permissive one as cookieless
 * measurement). Stored with the consent summary; null when the scan saw no Google hit and no command.
 */
export interface ConsentModeSummary {
  phases: ConsentModePhase[];
  cookielessOnlyHosts: string[];
}

export function toConsentModeSummary(observations: ScanObservations): ConsentModeSummary | null {
  const completed = new Set(
    observations.phases === undefined
      ? ["pre_consent"]
      : observations.phases.filter((run) => run.status === "completed").map((run) => run.phase),
  );
  const read = new Set(observations.consentMode?.phasesRead ?? []);
  const phases = EVIDENCE_PHASES.filter((phase) => completed.has(phase)).map((phase) => {
    const commands = (observations.consentMode?.commands ?? []).filter((command) => command.phase === phase);
    return {
      phase,
      declared: read.has(phase) && commands.length > 0 ? declaredConsentState(commands) : null,
      commands: commands.length,
      hits: googleHitsByState(observations, phase),
    };
  });
  const seen = phases.some(
    (phase) => phase.commands > 0 || phase.hits.deniedPings.length + phase.hits.granted.length + phase.hits.withoutConsentMode.length > 0,
  );
  return seen ? { phases, cookielessOnlyHosts: cookielessOnlyHosts(observations) } : null;
}
