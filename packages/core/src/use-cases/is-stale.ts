import type { ScanRecord } from "../domain/scan-record.js";

/**
 * A running scan whose heartbeat stopped long ago belongs to a dead or hung worker. Queued scans are not
 * stale by age: they wait for a worker, and recovery queues them again at start.
 */
export function isStale(record: ScanRecord, options: { now: number; staleAfterSeconds: number }): boolean {
  if (record.status !== "running" && record.status !== "finalizing") return false;
  return options.now - Date.parse(record.lastHeartbeatAt) > options.staleAfterSeconds * 1000;
}
