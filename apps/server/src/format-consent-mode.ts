import { consentModeStatesText, hostListText, type ConsentModeSummary } from "@public-scan/core";
import { PHASE_WORDS } from "./phase-words.js";
import type { Paint } from "./terminal-paint.js";

/** The report page's "Google Consent Mode" for the terminal: each phase's declared state and hits, then both readings. */
export function formatConsentMode(summary: ConsentModeSummary | undefined, paint: Paint): string[] {
  if (summary === undefined) return [];
  const lines = [paint("bold", "Google Consent Mode")];
  for (const phase of summary.phases) {
    lines.push(
      `  ${PHASE_WORDS[phase.phase]}: declared ${phase.declared === null ? "no consent command" : consentModeStatesText(phase.declared)}`,
    );
    lines.push(
      `    storage denied (cookieless pings): ${hostListText(phase.hits.deniedPings)}; storage granted: ${hostListText(phase.hits.granted)}; no consent mode: ${hostListText(phase.hits.withoutConsentMode)}`,
    );
  }
  if (summary.cookielessOnlyHosts.length > 0) {
    lines.push(
      `  Before consent, ${hostListText(summary.cookielessOnlyHosts)} received only pings with storage denied: strictly, contacts with a tracker before consent (the findings count them); permissively, cookieless measurement.`,
    );
  }
  return lines;
}
