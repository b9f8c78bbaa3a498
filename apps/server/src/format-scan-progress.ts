import type { ScanPhase, ScanProgress } from "@public-scan/core";

/** What each phase of a scan is doing, in words (the API keeps the codes). */
const PHASE_WORDS: Readonly<Record<ScanPhase, string>> = {
  queued: "waiting for a browser slot",
  launching_browser: "starting the browser",
  runtime_observation: "visiting as a first-time visitor, before consent",
  consent_interaction: "using the consent banner: reject, accept, GPC",
  policy_review: "reading the privacy policy",
  projection: "building the report",
  done: "done",
};

/** One progress line of the scan command: time since the scan started, percent and the phase in words. */
export function formatScanProgress(progress: ScanProgress, elapsedMs: number): string {
  const seconds = (elapsedMs / 1000).toFixed(1).padStart(5);
  return `  ${seconds} s ${String(progress.progressPercent).padStart(3)}%  ${PHASE_WORDS[progress.phase]}\n`;
}
