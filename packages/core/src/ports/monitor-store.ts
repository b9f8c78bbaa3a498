import type { MonitorRecord, MonitorRunRecord } from "../domain/monitor-record.js";

/**
 * Where monitors and their runs live (memory, SQLite, Redis, DynamoDB). Each operation is atomic on its
 * own: the cap on a key's monitors holds across processes, and a run is claimed once per tick whichever
 * process's scheduler fired it.
 */
export interface MonitorStore {
  /** Stores a new monitor unless its owner already has `maxPerOwner` (then `cap_reached`, nothing stored). */
  create(record: MonitorRecord, options: { maxPerOwner: number }): Promise<"created" | "cap_reached">;
  get(monitorId: string): Promise<MonitorRecord | null>;
  /** One key's monitors, newest first (createdAt, then monitorId, descending). */
  listByOwner(ownerKeyId: string): Promise<MonitorRecord[]>;
  /** Every monitor whose status is `active`: what a scheduler registers when it starts. */
  listActive(): Promise<MonitorRecord[]>;
  /** Replaces a stored monitor; false when it was deleted meanwhile (nothing is written). */
  update(record: MonitorRecord): Promise<boolean>;
  /** Deletes a monitor and its runs; false when there was none. */
  delete(monitorId: string): Promise<boolean>;
  /**
   * Stores a run unless one with its runId exists (another process took the tick): returns the stored run
   * and whether this call created it. A run of a deleted monitor is not stored (`claimed: false`, null).
   * Only the newest MAX_MONITOR_RUNS runs of a monitor are kept.
   */
  claimRun(run: MonitorRunRecord): Promise<{ claimed: boolean; run: MonitorRunRecord | null }>;
  /** Replaces a stored run; false when it is gone (its monitor was deleted, or it aged out). */
  saveRun(run: MonitorRunRecord): Promise<boolean>;
  /** A monitor's runs, newest tick first, at most `limit`. */
  listRuns(monitorId: string, limit: number): Promise<MonitorRunRecord[]>;
  close(): Promise<void>;
}
