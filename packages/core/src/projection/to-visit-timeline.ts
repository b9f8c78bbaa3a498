import { UNATTRIBUTED_VENDOR, type Party } from "../contract/index.js";
import type { ScanObservations } from "../observations/scan-observations.js";
import type { EvidenceRecord } from "./evidence-record.js";

/** The phases of the scan's own visit: the timeline draws this one visit. */
export type VisitTimelinePhase = "pre_consent" | "after_reject";

/**
 * A moment of the visit: `banner_shown` (autoconsent saw a known CMP's banner appear), `banner_found` (a
 * banner only the snapshot's scan found: shown by then, its moment unknown), `pre_consent_snapshot` (the
 * observe window ended), `reject` (the scanner used the banner's reject option), `after_reject_snapshot`.
 */
export interface VisitTimelineMark {
  kind: "banner_shown" | "banner_found" | "pre_consent_snapshot" | "reject" | "after_reject_snapshot";
  atMs: number;
}

/** A tracker host's first request in a phase of the visit. */
export interface VisitTimelineHit {
  atMs: number;
  host: string;
  vendor: string;
  party: Party;
  phase: VisitTimelinePhase;
  /** Requests to the host in the phase. */
  requests: number;
}

/**
 * A timeline of the scan's own visit, in milliseconds from the start of its navigation: when the banner
 * showed, when the snapshot was taken and reject was used, and when each tracker host was first contacted
 * before consent and after reject. Names and times only; stored with the report.
 */
export interface VisitTimeline {
  /** In time order. */
  marks: VisitTimelineMark[];
  /** Earliest first, at most `VISIT_TIMELINE_HITS`. */
  hits: VisitTimelineHit[];
  /** Tracker hosts left out past the bound. */
  hiddenHits: number;
  /** Where the drawn span ends: the last mark or hit. */
  endMs: number;
}

/** Enough rows to see the order of what fired; the per-phase tables list every host. */
export const VISIT_TIMELINE_HITS = 30;

/**
 * The visit's timeline from the observations' visit times and the requests' first times; undefined for
 * scans that recorded no times (before timelines existed). Tracker hosts are those of the evidence, so the
 * timeline names exactly the hosts the vendor matrix and the findings count.
 */
export function toVisitTimeline(observations: ScanObservations, evidence: readonly EvidenceRecord[]): VisitTimeline | undefined {
  const times = observations.visitTimes;
  if (times === undefined) return undefined;
  const firstSeen = new Map<string, number>();
  for (const request of observations.requests) {
    if (request.firstSeenMs === undefined) continue;
    const key = `${request.phase}|${request.host}`;
    const known = firstSeen.get(key);
    if (known === undefined || request.firstSeenMs < known) firstSeen.set(key, request.firstSeenMs);
  }
  const hits: VisitTimelineHit[] = [];
  for (const record of evidence) {
    if (record.kind !== "tracker_request" || record.host === null) continue;
    if (record.phase !== "pre_consent" && record.phase !== "after_reject") continue;
    const atMs = firstSeen.get(`${record.phase}|${record.host}`);
    if (atMs === undefined) continue;
    hits.push({
      atMs,
      host: record.host,
      vendor: record.vendor ?? UNATTRIBUTED_VENDOR,
      party: record.party,
      phase: record.phase,
      requests: record.requestCount ?? 0,
    });
  }
  hits.sort((a, b) => a.atMs - b.atMs || a.host.localeCompare(b.host));
  const marks = toMarks(times, observations.consent?.bannerVisible === true);
  const shown = hits.slice(0, VISIT_TIMELINE_HITS);
  const endMs = Math.max(0, ...marks.map((mark) => mark.atMs), ...shown.map((hit) => hit.atMs));
  return { marks, hits: shown, hiddenHits: hits.length - shown.length, endMs };
}

function toMarks(times: NonNullable<ScanObservations["visitTimes"]>, bannerVisible: boolean): VisitTimelineMark[] {
  const marks: VisitTimelineMark[] = [];
  if (times.bannerShownMs !== null) marks.push({ kind: "banner_shown", atMs: times.bannerShownMs });
  else if (bannerVisible) marks.push({ kind: "banner_found", atMs: times.preConsentSnapshotMs });
  marks.push({ kind: "pre_consent_snapshot", atMs: times.preConsentSnapshotMs });
  if (times.rejectMs !== null) marks.push({ kind: "reject", atMs: times.rejectMs });
  if (times.afterRejectSnapshotMs !== null) marks.push({ kind: "after_reject_snapshot", atMs: times.afterRejectSnapshotMs });
  // Stable: a banner found by the snapshot stays before the snapshot at the same moment.
  return marks.sort((a, b) => a.atMs - b.atMs);
}
