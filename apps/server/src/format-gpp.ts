import { gpcAnswerText, gppOptOutsText, type GpcAnswer, type GppPhaseSummary } from "@public-scan/core";
import { PHASE_WORDS } from "./phase-words.js";
import type { Paint } from "./terminal-paint.js";

/** The report page's "US privacy strings and Global Privacy Control" for the terminal: the GPC answer, then each phase's strings. */
export function formatGpp(
  resources: { gpp?: readonly GppPhaseSummary[] | undefined; gpcAnswer?: GpcAnswer | undefined },
  paint: Paint,
): string[] {
  const { gpp = [], gpcAnswer } = resources;
  if (gpp.length === 0 && gpcAnswer === undefined) return [];
  const lines = [paint("bold", "US privacy strings and Global Privacy Control")];
  if (gpcAnswer !== undefined) {
    const answer = gpcAnswerText(gpcAnswer);
    const colour = gpcAnswer.verdict === "honoured" ? "green" : gpcAnswer.verdict === "not_observed" ? "dim" : "yellow";
    lines.push(`  ${paint(colour, `Global Privacy Control: ${answer.verdict}`)}`, ...answer.evidence.map((line) => `    ${line}`));
  }
  for (const phase of gpp) {
    const sections = phase.sections.length === 0 ? "no GPP sections" : `GPP ${phase.sections.join(", ")}`;
    lines.push(`  ${PHASE_WORDS[phase.phase]} (${sections}): ${gppOptOutsText(phase.optOuts)}`);
  }
  return lines;
}
