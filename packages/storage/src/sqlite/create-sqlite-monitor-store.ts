import { MAX_MONITOR_RUNS, type MonitorRecord, type MonitorRunRecord, type MonitorStore } from "@public-scan/core";
import { migrateSqliteSchema } from "./migrate-sqlite-schema.js";
import { openSqliteDatabase, sourceOf, type SqliteStoreSource } from "./open-sqlite-database.js";
import { SQLITE_MONITOR_MIGRATIONS } from "./sqlite-monitor-migrations.js";
import { withTransaction } from "./with-transaction.js";

export type SqliteMonitorStoreOptions = { busyTimeoutMs?: number } & SqliteStoreSource;

/**
 * Monitors and their runs in SQLite (node:sqlite), beside the keys and scans of the embedded default.
 * The owner's cap is a count and an insert in one IMMEDIATE transaction, so two processes on one file
 * never pass it together; a run is claimed by its primary key (the monitor and the tick), so a tick is
 * claimed once, and the runs beyond the newest MAX_MONITOR_RUNS are dropped in the same transaction.
 * Deleting a monitor deletes its runs with it (in the same transaction).
 */
export function createSqliteMonitorStore(options: SqliteMonitorStoreOptions): MonitorStore {
  const { db, owned } = openSqliteDatabase({
    source: sourceOf(options),
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    synchronous: "FULL",
  });
  try {
    migrateSqliteSchema(db, { component: "monitors", migrations: SQLITE_MONITOR_MIGRATIONS });
  } catch (error) {
    if (owned) db.close();
    throw error;
  }
  const countByOwner = db.prepare("SELECT count(*) AS count FROM monitors WHERE owner_key_id = ?");
  const insert = db.prepare("INSERT INTO monitors (monitor_id, owner_key_id, status, created_at, record) VALUES (?, ?, ?, ?, ?)");
  const byId = db.prepare("SELECT record FROM monitors WHERE monitor_id = ?");
  const byOwner = db.prepare("SELECT record FROM monitors WHERE owner_key_id = ? ORDER BY created_at DESC, monitor_id DESC");
  const active = db.prepare("SELECT record FROM monitors WHERE status = 'active' ORDER BY created_at DESC, monitor_id DESC");
  const update = db.prepare("UPDATE monitors SET status = ?, record = ? WHERE monitor_id = ?");
  const remove = db.prepare("DELETE FROM monitors WHERE monitor_id = ?");
  const removeRuns = db.prepare("DELETE FROM monitor_runs WHERE monitor_id = ?");
  const insertRun = db.prepare(
    "INSERT INTO monitor_runs (run_id, monitor_id, scheduled_at, run) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM monitors WHERE monitor_id = ?) ON CONFLICT DO NOTHING",
  );
  const runById = db.prepare("SELECT run FROM monitor_runs WHERE run_id = ?");
  const trimRuns = db.prepare(
    "DELETE FROM monitor_runs WHERE monitor_id = ? AND run_id NOT IN (SELECT run_id FROM monitor_runs WHERE monitor_id = ? ORDER BY scheduled_at DESC, run_id DESC LIMIT ?)",
  );
  const saveRun = db.prepare("UPDATE monitor_runs SET run = ? WHERE run_id = ? AND monitor_id = ?");
  const runs = db.prepare("SELECT run FROM monitor_runs WHERE monitor_id = ? ORDER BY scheduled_at DESC, run_id DESC LIMIT ?");

  const record = (row: unknown) => (row === undefined ? null : (JSON.parse((row as { record: string }).record) as MonitorRecord));
  const run = (row: unknown) => (row === undefined ? null : (JSON.parse((row as { run: string }).run) as MonitorRunRecord));
  let closed = false;
  /** Runs a statement; a closed store or a failing statement rejects instead of throwing synchronously. */
  const call = <T>(work: () => T): Promise<T> => {
    try {
      if (closed) throw new Error("monitor store is closed");
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  };

  return {
    create: (monitor, { maxPerOwner }) =>
      call(() =>
        withTransaction(db, "IMMEDIATE", () => {
          if (Number((countByOwner.get(monitor.ownerKeyId) as { count: number }).count) >= maxPerOwner) return "cap_reached" as const;
          insert.run(monitor.monitorId, monitor.ownerKeyId, monitor.status, monitor.createdAt, JSON.stringify(monitor));
          return "created" as const;
        }),
      ),
    get: (monitorId) => call(() => record(byId.get(monitorId))),
    listByOwner: (ownerKeyId) => call(() => byOwner.all(ownerKeyId).map((row) => record(row)!)),
    listActive: () => call(() => active.all().map((row) => record(row)!)),
    update: (monitor) => call(() => Number(update.run(monitor.status, JSON.stringify(monitor), monitor.monitorId).changes) === 1),
    delete: (monitorId) =>
      call(() =>
        withTransaction(db, "IMMEDIATE", () => {
          removeRuns.run(monitorId);
          return Number(remove.run(monitorId).changes) === 1;
        }),
      ),
    claimRun: (claim) =>
      call(() =>
        withTransaction(db, "IMMEDIATE", () => {
          const inserted =
            Number(insertRun.run(claim.runId, claim.monitorId, claim.scheduledAt, JSON.stringify(claim), claim.monitorId).changes) === 1;
          if (inserted) trimRuns.run(claim.monitorId, claim.monitorId, MAX_MONITOR_RUNS);
          const stored = run(runById.get(claim.runId));
          return { claimed: inserted && stored !== null, run: stored };
        }),
      ),
    saveRun: (next) => call(() => Number(saveRun.run(JSON.stringify(next), next.runId, next.monitorId).changes) === 1),
    listRuns: (monitorId, limit) => call(() => runs.all(monitorId, Math.max(0, limit)).map((row) => run(row)!)),
    close: () => {
      if (!closed && owned) db.close();
      closed = true;
      return Promise.resolve();
    },
  };
}
