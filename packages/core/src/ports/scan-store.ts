import type { ScanRecord } from "../domain/scan-record.js";

/**
 * Where scan records live. Small and domain-shaped (no keyv or vendor type crosses it). Implementations:
 * memory (tests), the embedded SQLite file, Redis.
 *
 * Consistency rules every implementation keeps:
 * - `create` refuses an existing scanId (returns false) so a retried request never overwrites a scan;
 * - `createIfNoActive` is one atomic step across every process sharing the store: of any number of
 *   concurrent calls for one target without an active scan, exactly one stores its record, and the others
 *   are told which scan is active (the scale-out guarantee "one new scan, one quota charge");
 * - `update` is a compare-and-set on the record's `status`, so two workers cannot both move one job; a
 *   terminal record (completed, completed_limited, failed, expired) never changes again, even for a caller
 *   that names its status;
 * - the indexes (active scan per target, latest completed scan with evidence per target and per domain) are
 *   updated with the record they point to, never ahead of it; "with evidence" is core's `hasEvidence`, so
 *   a no-go result is never reused and never a domain's latest scan.
 */
export interface ScanStore {
  get(scanId: string): Promise<ScanRecord | null>;
  create(record: ScanRecord, index: { targetKey: string }): Promise<boolean>;
  /**
   * Stores `record` (which must be active, e.g. `pending`) as the target's active scan unless the target
   * already has an active scan; then nothing is written and the answer names that scan. A scanId already
   * stored is never overwritten: the answer then names the stored record.
   */
  createIfNoActive(record: ScanRecord, index: { targetKey: string }): Promise<CreateIfNoActiveResult>;
  /**
   * Deletes a record that is still `pending` (a reservation whose request was refused, or whose process died
   * before admitting it), with its index entries, so nothing is kept of a refused request. Returns false when
   * the record is missing or has moved on from `pending` (a compare-and-delete).
   */
  discardPending(scanId: string, index: { targetKey: string }): Promise<boolean>;
  /**
   * Replaces the record if its stored status is still `expectedStatus`; returns the stored record, or null
   * when the status had moved on (or the record is missing).
   */
  update(record: ScanRecord, options: { expectedStatus: ScanRecord["status"]; targetKey: string }): Promise<ScanRecord | null>;
  /** The in-flight (queued or running) scan of a target, if any. */
  findActive(targetKey: string): Promise<ScanRecord | null>;
  /** The latest completed scan with evidence of a target that completed at or after `notBefore` (ISO date-time). */
  findReusable(targetKey: string, notBefore: string): Promise<ScanRecord | null>;
  /** The latest completed scan with evidence of a domain, optionally from one region. */
  latestForDomain(domain: string, scanFrom?: string): Promise<ScanRecord | null>;
  /** Scans still queued or running, for recovery after a process died. */
  listActive(): Promise<ScanRecord[]>;
  close(): Promise<void>;
}

export type CreateIfNoActiveResult = { readonly created: true } | { readonly created: false; readonly active: ScanRecord };
