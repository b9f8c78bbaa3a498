import type { PhaseRun } from "@public-scan/core";
import type { ScanPhaseSwitches } from "./scan-phases.js";

/** A phase that did not run, and why. */
export const notRun = (phase: PhaseRun["phase"], reason: string): PhaseRun => ({ phase, status: "not_run", reason, observeMs: null });

/** A phase whose budget broke: out of time, failed, or no time left before the scan's deadline. */
export function toBrokenPhase(phase: PhaseRun["phase"], status: "timed_out" | "failed" | "no_time"): PhaseRun {
  if (status === "no_time") return notRun(phase, "scan_deadline");
  return { phase, status, reason: status === "timed_out" ? "phase_timeout" : "phase_error", observeMs: null };
}

/**
 * Why a next-page phase did not run: switched off, or the choice it follows did not complete (a reject or
 * accept that did not run says its own reason: no banner, switched off).
 */
export function afterPhaseNotRun(phase: "reject_next_page" | "accept_next_page", choice: PhaseRun, switches: ScanPhaseSwitches): PhaseRun {
  if (!switches.nextPage) return notRun(phase, "disabled");
  if (choice.status === "not_run") return notRun(phase, choice.reason ?? "choice_not_completed");
  return notRun(phase, "choice_not_completed");
}
