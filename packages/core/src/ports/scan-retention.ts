/**
 * Deleting ended scans after their retention period (docs/operations.md "Data lifecycle"). A capability of
 * the stores that can find ended scans by time (memory, SQLite, Redis); DynamoDB expires them by its TTL
 * attribute instead. A scan has ended when its status is terminal (completed, completed_limited, failed,
 * expired); its end is its `completedAt`, which every terminal move sets.
 *
 * Rules every implementation keeps:
 * - an active scan (pending, queued, running, finalizing) is never deleted, however old;
 * - a terminal scan is deleted with its index entries in one step, so no index (reusable scan of a target,
 *   latest scan of a domain) ever names a deleted scan, and the next older scan becomes the latest again;
 * - one call deletes at most `limit` scans (oldest end first), so a sweep holds a lock only briefly.
 */
export interface ScanRetention {
  /** How many ended scans ended strictly before `cutoff` (ISO date-time): what a purge would delete. */
  countEndedBefore(cutoff: string): Promise<number>;
  /** Deletes up to `limit` scans that ended strictly before `cutoff`, oldest first; returns how many it deleted. */
  purgeEndedBefore(cutoff: string, options: { limit: number }): Promise<number>;
}
