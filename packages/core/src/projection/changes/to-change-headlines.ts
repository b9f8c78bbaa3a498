import type { ChangedRow, EvidencePhase, PhaseChanges, Purpose, ScanChanges } from "../../contract/index.js";

/** Where in the visit a row was seen, as a sentence says it. */
const WHERE: Record<EvidencePhase, string> = {
  pre_consent: "before consent",
  after_reject: "after reject",
  reject_next_page: "on the next page after reject",
  after_accept: "after accept",
  accept_next_page: "on the next page after accept",
  gpc: "under Global Privacy Control",
};

/** The purposes whose new rows are worth an alert where consent was not given; the others are listed, not announced. */
const WORDS: Partial<Record<Purpose, string>> = { marketing: "advertising", analytics: "analytics" };

/** Phases where a new tracking row means the visitor's "no" (or not yet "yes") is not respected. */
const REFUSED: readonly EvidencePhase[] = ["pre_consent", "after_reject", "reject_next_page", "gpc"];

/** Rows named in alerts before "and N more". */
const MAX_ROWS = 5;

const rowText = (row: ChangedRow, word: string) =>
  row.kind === "tracker"
    ? `a new ${word} tracker, ${row.vendor} (${row.host})`
    : row.kind === "cookie"
      ? `a new ${word} cookie, ${row.name ?? "unnamed"} of ${row.vendor} (${row.host})`
      : row.kind === "storage"
        ? `a new ${word} storage key, ${row.name ?? "unnamed"} of ${row.vendor} (${row.host})`
        : `a new ${word} service, ${row.vendor} (${row.host})`;

const verbOf = (phase: EvidencePhase, row: ChangedRow) =>
  row.kind === "tracker" || row.kind === "service" ? `fires ${WHERE[phase]}` : `is set ${WHERE[phase]}`;

/** New advertising and analytics rows where the visitor refused or was not asked, one sentence each. */
function refusedRowHeadlines(phases: readonly PhaseChanges[]): string[] {
  const lines: string[] = [];
  let more = 0;
  for (const phase of phases.filter((candidate) => candidate.comparable && REFUSED.includes(candidate.phase))) {
    for (const row of phase.started) {
      const word = WORDS[row.purpose];
      if (word === undefined) continue;
      if (lines.length >= MAX_ROWS) {
        more += 1;
        continue;
      }
      const text = rowText(row, word);
      lines.push(`${text[0]!.toUpperCase()}${text.slice(1)} ${verbOf(phase.phase, row)}.`);
    }
  }
  if (more > 0) lines.push(`And ${more} more new advertising or analytics row${more === 1 ? "" : "s"} where consent was not given.`);
  return lines;
}

/** Vendors that now load after the visitor's "no", where before they did not: reject or GPC stopped stopping them. */
function stoppedStoppingHeadlines(phases: readonly PhaseChanges[]): string[] {
  const lines: string[] = [];
  for (const phase of phases.filter((candidate) => candidate.comparable && candidate.phase !== "pre_consent")) {
    if (!REFUSED.includes(phase.phase)) continue;
    const tracking = new Set(phase.started.filter((row) => WORDS[row.purpose] !== undefined).map((row) => row.vendor));
    for (const vendor of phase.vendorsStarted.filter((candidate) => tracking.has(candidate))) {
      lines.push(
        phase.phase === "gpc"
          ? `Global Privacy Control no longer stops ${vendor}.`
          : `Reject no longer stops ${vendor} (${WHERE[phase.phase]}).`,
      );
    }
  }
  return lines;
}

/**
 * The changes that matter, in one sentence each, most important first: what stopped respecting a refusal,
 * new tracking where consent was not given, new findings of high or medium criticality, what was resolved,
 * a score or risk change, and a coverage that makes the comparison partial. Empty when nothing of these
 * changed.
 */
export function toChangeHeadlines(changes: Omit<ScanChanges, "headlines">): string[] {
  const lines = [...stoppedStoppingHeadlines(changes.phases), ...refusedRowHeadlines(changes.phases)];
  for (const finding of changes.findings.new.filter((candidate) => candidate.criticality === "high" || candidate.criticality === "medium"))
    lines.push(`New finding: ${finding.label}.`);
  for (const finding of changes.findings.resolved) lines.push(`Resolved: ${finding.label}.`);
  const { score, riskLevel } = changes;
  if (score.delta !== 0 || riskLevel.before !== riskLevel.after) {
    const moved =
      score.delta === 0 ? `stayed at ${score.after}` : `${score.delta > 0 ? "rose" : "fell"} from ${score.before} to ${score.after}`;
    const risk = riskLevel.before === riskLevel.after ? "" : ` (risk level ${riskLevel.before} to ${riskLevel.after})`;
    lines.push(`The score ${moved}${risk}.`);
  }
  if (!changes.coverage.comparable) {
    const partial = changes.phases
      .filter((phase) => !phase.comparable && phase.reason !== "not_completed_in_either")
      .map((phase) => WHERE[phase.phase]);
    lines.push(
      partial.length > 0
        ? `Not compared ${partial.join(", ")}: one of the scans did not complete that part; what it did not see is not reported as gone.`
        : `The scans' coverage differs (${changes.coverage.before} before, ${changes.coverage.after} now): what the later one did not see is not reported as gone.`,
    );
  }
  return lines;
}
