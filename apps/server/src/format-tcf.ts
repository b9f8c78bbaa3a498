import { purposeListText, type TcfPhaseSummary } from "@public-scan/core";
import { PHASE_WORDS } from "./phase-words.js";
import type { Paint } from "./terminal-paint.js";

/** Names a terminal line can hold: the first ten, then how many more. */
function namesText(names: readonly string[], total: number): string {
  const shown = names.slice(0, 10);
  return `${shown.join(", ")}${total > shown.length ? ` and ${total - shown.length} more` : ""}`;
}

/** The report page's "IAB TCF consent string" for the terminal: each phase's purposes and vendors. */
export function formatTcf(phases: readonly TcfPhaseSummary[] | undefined, paint: Paint): string[] {
  if (phases === undefined || phases.length === 0) return [];
  const lines = [paint("bold", `IAB TCF consent string (CMP ${phases[0]!.cmpId}, policy version ${phases[0]!.tcfPolicyVersion})`)];
  for (const phase of phases) {
    const disallowed =
      phase.disallowedLegitimateInterestIds.length === 0
        ? ""
        : paint("yellow", ` (${purposeListText(phase.disallowedLegitimateInterestIds)} not allowed under TCF 2.2)`);
    lines.push(
      `  ${PHASE_WORDS[phase.phase]} (${phase.eventStatus ?? "unknown"}): purposes by consent ${purposeListText(phase.purposeConsentIds)}; ` +
        `by legitimate interest ${purposeListText(phase.purposeLegitimateInterestIds)}${disallowed}; ` +
        `vendors ${phase.vendorConsents} by consent, ${phase.vendorLegitimateInterests} by legitimate interest` +
        (phase.vendorsDisclosed === null ? "" : ` of ${phase.vendorsDisclosed} asked about`),
    );
    if (phase.vendorNames !== null && phase.vendorNames.consent.length > 0) {
      lines.push(`    by consent: ${namesText(phase.vendorNames.consent, phase.vendorConsents)}`);
    }
  }
  return lines;
}
