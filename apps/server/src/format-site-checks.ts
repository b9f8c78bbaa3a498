import type { SiteCheckGroup, SiteCheckOutcome } from "@public-scan/core";
import type { Paint } from "./terminal-paint.js";

/** Each outcome's word and colour; the word carries the meaning, so a terminal without colour loses nothing. */
const OUTCOMES: { readonly [Outcome in SiteCheckOutcome]: { word: string; colour: Parameters<Paint>[0] } } = {
  passed: { word: "passed", colour: "green" },
  issue: { word: "look", colour: "yellow" },
  absent: { word: "not found", colour: "dim" },
  not_checked: { word: "not checked", colour: "dim" },
};
const WIDTH = Math.max(...Object.values(OUTCOMES).map((outcome) => outcome.word.length));

/** The report page's "Site checks" for the terminal: each area's checks, passed ones included, with what was seen. */
export function formatSiteChecks(groups: readonly SiteCheckGroup[], paint: Paint): string[] {
  if (groups.length === 0) return [];
  const lines = [paint("bold", "Site checks")];
  for (const group of groups) {
    const passed = group.checks.filter((check) => check.outcome === "passed").length;
    lines.push(`  ${group.title} (${passed} of ${group.checks.length} passed)`);
    for (const check of group.checks) {
      const outcome = OUTCOMES[check.outcome];
      lines.push(
        `    ${paint(outcome.colour, outcome.word.padEnd(WIDTH))}  ${check.label}${check.detail === null ? "" : paint("dim", ` · ${check.detail}`)}`,
      );
    }
  }
  return lines;
}
