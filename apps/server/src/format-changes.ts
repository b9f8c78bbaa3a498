import type { ScanChanges } from "@public-scan/core";
import { PHASE_WORDS } from "./phase-words.js";
import { PLAIN, type Paint } from "./terminal-paint.js";

const NOT_COMPARED = {
  not_completed_before: "the earlier scan did not complete it",
  not_completed_now: "this scan did not complete it",
} as const;

/**
 * What changed since an earlier scan (a `--baseline` file, or the last scan of the URL in the data
 * directory), for the terminal: score, risk and coverage, the headlines (or that nothing that matters
 * changed), the counts per phase, and a phase only one scan completed named as not compared.
 */
export function formatChanges(changes: ScanChanges, title: string, paint: Paint = PLAIN): string {
  const { score, riskLevel, coverage, findings } = changes;
  const delta = score.delta === 0 ? "no change" : score.delta > 0 ? `+${score.delta}` : String(score.delta);
  const out = [
    paint("bold", title),
    `  score ${score.before} -> ${score.after} (${delta}); risk ${riskLevel.before} -> ${riskLevel.after}; coverage ${coverage.before} -> ${coverage.after}`,
    `  findings: ${findings.new.length} new, ${findings.resolved.length} resolved, ${findings.unchanged.length} unchanged${
      findings.notComparable.length === 0 ? "" : `, ${findings.notComparable.length} not comparable`
    }`,
  ];
  if (changes.headlines.length === 0) out.push("  no change that matters where both scans looked");
  for (const headline of changes.headlines) out.push(`  - ${headline}`);
  for (const phase of changes.phases) {
    if (phase.comparable && phase.started.length + phase.stopped.length > 0)
      out.push(`  ${PHASE_WORDS[phase.phase]}: ${phase.started.length} started, ${phase.stopped.length} stopped`);
    if (phase.reason === "not_completed_before" || phase.reason === "not_completed_now")
      out.push(paint("dim", `  ${PHASE_WORDS[phase.phase]}: not compared, ${NOT_COMPARED[phase.reason]}`));
  }
  return out.join("\n");
}
