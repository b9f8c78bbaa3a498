import type { VisitTimeline, VisitTimelineHit, VisitTimelineMark } from "../projection/to-visit-timeline.js";

/** One line of the visit's timeline as the report page and the terminal say it. */
export interface TimelineEntry {
  atMs: number;
  /** "1.2 s" */
  time: string;
  /** A moment of the visit, or a tracker host that fired. */
  kind: "mark" | "hit";
  text: string;
  /** For a hit: whether it fired before consent or after reject. */
  phase: VisitTimelineHit["phase"] | null;
}

const MARK_TEXT: Readonly<Record<VisitTimelineMark["kind"], string>> = {
  banner_shown: "Consent banner shown",
  banner_found: "Consent banner on screen (found by the snapshot; when it appeared is not known)",
  pre_consent_snapshot: "Before-consent snapshot taken",
  reject: "Reject used on the banner",
  after_reject_snapshot: "After-reject snapshot taken",
};

const PHASE_TEXT: Readonly<Record<VisitTimelineHit["phase"], string>> = {
  pre_consent: "before consent",
  after_reject: "after reject",
};

/** Seconds with one decimal: the timeline's precision (request times are the scanner's, not the page's). */
export function visitTimeText(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/**
 * The timeline's marks and hits in one time-ordered list, starting with the page request at 0 s. A mark
 * sorts before a hit at the same moment, so "Reject used" comes before what it set off.
 */
export function toTimelineEntries(timeline: VisitTimeline): TimelineEntry[] {
  const marks = timeline.marks.map((mark) => ({ atMs: mark.atMs, kind: "mark" as const, text: MARK_TEXT[mark.kind], phase: null }));
  const hits = timeline.hits.map((hit) => ({
    atMs: hit.atMs,
    kind: "hit" as const,
    text: `${hit.vendor} contacted (${hit.host}, ${hit.requests} request${hit.requests === 1 ? "" : "s"}) ${PHASE_TEXT[hit.phase]}`,
    phase: hit.phase,
  }));
  const entries = [{ atMs: 0, kind: "mark" as const, text: "Page requested", phase: null }, ...marks, ...hits].sort(
    (a, b) => a.atMs - b.atMs || (a.kind === b.kind ? 0 : a.kind === "mark" ? -1 : 1),
  );
  return entries.map((entry) => ({ ...entry, time: visitTimeText(entry.atMs) }));
}
