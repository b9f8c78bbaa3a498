import type { ScanRecord } from "../domain/scan-record.js";

/**
 * The latest scans with evidence, any site: what a home page lists as "recent scans". A capability of the
 * stores that can find scans by end time (memory, SQLite, Redis, as for `ScanRetention`); a DynamoDB table
 * has no such index, and a host without it lists none.
 *
 * Rules every implementation keeps: only completed scans with evidence (never a no-go, a failure or a scan
 * still running), newest end first, at most `limit`.
 */
export interface RecentScans {
  listRecentWithEvidence(limit: number): Promise<ScanRecord[]>;
}

/** A store has the capability (checked at run time: the port is optional). */
export const hasRecentScans = (store: object): store is RecentScans =>
  typeof (store as Partial<RecentScans>).listRecentWithEvidence === "function";
