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

/** Vendors named in alerts before "and N more", and hosts or names listed per vendor. */
const MAX_VENDORS = 5;
const MAX_NAMES = 3;

const listOf = (items: readonly string[]) =>
  items.length <= MAX_NAMES ? items.join(", ") : `${items.slice(0, MAX_NAMES).join(", ")} and ${items.length - MAX_NAMES} more`;

/** One vendor's new tracking rows in one phase. */
interface VendorRows {
  phase: EvidencePhase;
  vendor: string;
  word: string;
  rows: ChangedRow[];
}

/** The new advertising and analytics rows of the phases where the visitor refused or was not asked, by vendor. */
function refusedRowsByVendor(phases: readonly PhaseChanges[]): VendorRows[] {
  const groups = new Map<string, VendorRows>();
  for (const phase of phases.filter((candidate) => candidate.comparable && REFUSED.includes(candidate.phase))) {
    for (const row of phase.started) {
      const word = WORDS[row.purpose];
      if (word === undefined) continue;
      const key = `${phase.phase} ${row.vendor} ${word}`;
      const group = groups.get(key) ?? { phase: phase.phase, vendor: row.vendor, word, rows: [] };
      group.rows.push(row);
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/** What a vendor's rows do in their phase: "fires after reject (a.example, b.example) and sets _x". */
function whatItDoes(group: VendorRows): string {
  const hosts = [...new Set(group.rows.filter((row) => row.kind === "tracker" || row.kind === "service").map((row) => row.host))];
  const names = [
    ...new Set(group.rows.filter((row) => row.kind === "cookie" || row.kind === "storage").map((row) => row.name ?? "unnamed")),
  ];
  const sets = names.length === 0 ? "" : `sets ${listOf(names)}`;
  if (hosts.length === 0) return `${sets} ${WHERE[group.phase]}`;
  return `fires ${WHERE[group.phase]} (${listOf(hosts)})${sets === "" ? "" : ` and ${sets}`}`;
}

/**
 * The sentences about new tracking where consent was not given, one per vendor and phase (a tag that brings
 * five hosts is one alert, not five). A vendor that did not load in that phase before, after the visitor's
 * "no" (reject, GPC), is said to be no longer stopped: the change a reader most needs to see.
 */
function refusedHeadlines(phases: readonly PhaseChanges[]): string[] {
  // New in a refused phase, and not new to the site (then "a new tracker" before consent says it): the "no" stopped it before.
  const newToSite = new Set(phases.find((phase) => phase.phase === "pre_consent" && phase.comparable)?.vendorsStarted ?? []);
  const stoppedBefore = (group: VendorRows) =>
    group.phase !== "pre_consent" &&
    !newToSite.has(group.vendor) &&
    phases.find((phase) => phase.phase === group.phase)!.vendorsStarted.includes(group.vendor);
  const groups = refusedRowsByVendor(phases).sort((a, b) => Number(stoppedBefore(b)) - Number(stoppedBefore(a)));
  const lines = groups.slice(0, MAX_VENDORS).map((group) => {
    if (stoppedBefore(group)) {
      const who = group.phase === "gpc" ? "Global Privacy Control" : "Reject";
      return `${who} no longer stops ${group.vendor}: it ${whatItDoes(group)}.`;
    }
    return `A new ${group.word} tracker, ${group.vendor}, ${whatItDoes(group)}.`;
  });
  const more = groups.length - MAX_VENDORS;
  if (more > 0)
    lines.push(`And ${more} more vendor${more === 1 ? "" : "s"} with new advertising or analytics rows where consent was not given.`);
  return lines;
}

/**
 * The changes that matter, in one sentence each, most important first: what stopped respecting a refusal,
 * new tracking where consent was not given, new findings of high or medium criticality, what was resolved,
 * a score or risk change, and a coverage that makes the comparison partial. Empty when nothing of these
 * changed.
 */
export function toChangeHeadlines(changes: Omit<ScanChanges, "headlines">): string[] {
  const lines = refusedHeadlines(changes.phases);
  for (const finding of changes.findings.new.filter((candidate) => candidate.criticality === "high" || candidate.criticality === "medium"))
    lines.push(`New finding: ${finding.label}.`);
  for (const finding of changes.findings.resolved) lines.push(`Resolved: ${finding.label}.`);
  const { score, riskLevel } = changes;
  if (score.delta !== 0 || riskLevel.before !== riskLevel.after) {
    const moved =
      score.delta === 0 ? `stayed at ${score.after}` : `${score.delta > 0 ? "rose" : "fell"} from ${score.before} to ${score.after}`;
    const words = (level: string) => level.replaceAll("_", " ");
    const risk = riskLevel.before === riskLevel.after ? "" : ` (risk level ${words(riskLevel.before)} to ${words(riskLevel.after)})`;
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
