import { z } from "zod";

/** The longest time into a visit a timeline records: no scan's deadline allows more. */
export const VISIT_TIME_LIMIT_MS = 600_000;

const VisitMs = z.int().min(0).max(VISIT_TIME_LIMIT_MS);

/**
 * When things happened in the scan's own visit, in milliseconds from the start of its navigation: the
 * moments a timeline of the visit is drawn around (the requests carry their own `firstSeenMs`). Null when
 * the moment did not happen in this scan.
 */
export const VisitTimesSchema = z.object({
  /**
   * When autoconsent first reported a known CMP's banner as shown; null when it reported none (a banner of
   * an unknown CMP is only found by the snapshot's banner scan, at `preConsentSnapshotMs`).
   */
  bannerShownMs: VisitMs.nullable(),
  /** When the pre-consent snapshot was taken: the end of the observe window. */
  preConsentSnapshotMs: VisitMs,
  /** When the scanner started using the banner's reject option; null when the reject phase did not act. */
  rejectMs: VisitMs.nullable(),
  /** When the after-reject snapshot was taken; null when the reject phase did not complete. */
  afterRejectSnapshotMs: VisitMs.nullable(),
});
export type VisitTimes = z.infer<typeof VisitTimesSchema>;

/** `at - start` as a visit time: never negative, never past the limit, whole milliseconds. */
export function toVisitMs(at: number, start: number): number {
  return Math.min(VISIT_TIME_LIMIT_MS, Math.max(0, Math.round(at - start)));
}
