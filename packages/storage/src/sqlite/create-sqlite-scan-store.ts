import type { SQLInputValue } from "node:sqlite";
import {
  hasEvidence,
  type CreateIfNoActiveResult,
  type RecentScans,
  type ScanRecord,
  type ScanRetention,
  type ScanStore,
} from "@public-scan/core";
import { ensureScanSchema } from "./ensure-scan-schema.js";
import { openSqliteDatabase, sourceOf, type SqliteStoreSource } from "./open-sqlite-database.js";
import { SQLITE_SCAN_SQL } from "./sqlite-scan-sql.js";

export type SqliteScanStoreOptions = SqliteScanStoreTuning & SqliteStoreSource;

export interface SqliteScanStoreTuning {
  /** How long a write waits for another process's write lock before it fails. Default 5000 ms. */
  readonly busyTimeoutMs?: number;
}

type Row = { record: string } | undefined;

const parse = (row: unknown): ScanRecord | null =>
  (row as Row) === undefined ? null : (JSON.parse((row as { record: string }).record) as ScanRecord);

/**
 * The ScanStore on one SQLite file (node:sqlite, no native build). ARCHITECTURE.md "Storage" routes documents through keyv,
 * but keyv has no atomic compare-and-set, which this port requires (two workers must not both move one
 * job): so the store uses SQL directly. `create` is an INSERT that does nothing on an existing scan_id;
 * `createIfNoActive` looks up and inserts inside one `BEGIN IMMEDIATE` transaction;
 * `update` is `UPDATE ... WHERE scan_id = ? AND status = ?` in a `BEGIN IMMEDIATE` transaction, and it
 * succeeded iff it changed a row. The index columns live in the record's row, so they never run ahead of it.
 * Records are stored as JSON and parsed on every read, so callers always get their own copy.
 */
export function createSqliteScanStore(options: SqliteScanStoreOptions): ScanStore & ScanRetention & RecentScans {
  // Scans are documents: FULL syncs every commit, so a power cut cannot lose a completed scan.
  const { db, owned } = openSqliteDatabase({
    source: sourceOf(options),
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    synchronous: "FULL",
  });
  try {
    ensureScanSchema(db);
  } catch (error) {
    // A file this code refuses (a newer schema) or cannot upgrade is not left open behind the error.
    if (owned) db.close();
    throw error;
  }

  const statements = {
    get: db.prepare(SQLITE_SCAN_SQL.get),
    create: db.prepare(SQLITE_SCAN_SQL.create),
    update: db.prepare(SQLITE_SCAN_SQL.update),
    findActive: db.prepare(SQLITE_SCAN_SQL.findActive),
    findReusable: db.prepare(SQLITE_SCAN_SQL.findReusable),
    latestForDomain: db.prepare(SQLITE_SCAN_SQL.latestForDomain),
    latestForDomainFrom: db.prepare(SQLITE_SCAN_SQL.latestForDomainFrom),
    listActive: db.prepare(SQLITE_SCAN_SQL.listActive),
    listRecentWithEvidence: db.prepare(SQLITE_SCAN_SQL.listRecentWithEvidence),
    discardPending: db.prepare(SQLITE_SCAN_SQL.discardPending),
    countEndedBefore: db.prepare(SQLITE_SCAN_SQL.countEndedBefore),
    purgeEndedBefore: db.prepare(SQLITE_SCAN_SQL.purgeEndedBefore),
  };
  let closed = false;

  // The executor runs synchronously; a thrown error (closed store, lock timeout) becomes a rejection.
  const run = <T>(work: () => T): Promise<T> =>
    new Promise((resolve) => {
      if (closed) throw new Error("SQLite scan store is closed");
      resolve(work());
    });

  const columns = (record: ScanRecord, targetKey: string, json: string): SQLInputValue[] => [
    targetKey,
    record.domain,
    record.scanFrom,
    record.status,
    record.completedAt,
    hasEvidence(record) ? 1 : 0,
    json,
  ];

  function updateNow(record: ScanRecord, expectedStatus: ScanRecord["status"], targetKey: string): ScanRecord | null {
    const json = JSON.stringify(record);
    db.exec("BEGIN IMMEDIATE");
    try {
      const { changes } = statements.update.run(...columns(record, targetKey, json), record.scanId, expectedStatus);
      db.exec("COMMIT");
      return Number(changes) === 1 ? (JSON.parse(json) as ScanRecord) : null;
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }

  // BEGIN IMMEDIATE takes the file's write lock before the lookup, so no other process can insert an active
  // scan of the target between the lookup and the insert.
  function createIfNoActiveNow(record: ScanRecord, targetKey: string): CreateIfNoActiveResult {
    db.exec("BEGIN IMMEDIATE");
    try {
      const active = parse(statements.get.get(record.scanId)) ?? parse(statements.findActive.get(targetKey));
      if (active === null) statements.create.run(record.scanId, ...columns(record, targetKey, JSON.stringify(record)));
      db.exec("COMMIT");
      return active === null ? { created: true } : { created: false, active };
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw error;
    }
  }

  return {
    get: (scanId) => run(() => parse(statements.get.get(scanId))),
    create: (record, { targetKey }) =>
      run(() => Number(statements.create.run(record.scanId, ...columns(record, targetKey, JSON.stringify(record))).changes) === 1),
    createIfNoActive: (record, { targetKey }) => run(() => createIfNoActiveNow(record, targetKey)),
    discardPending: (scanId) => run(() => Number(statements.discardPending.run(scanId).changes) === 1),
    update: (record, { expectedStatus, targetKey }) => run(() => updateNow(record, expectedStatus, targetKey)),
    findActive: (targetKey) => run(() => parse(statements.findActive.get(targetKey))),
    findReusable: (targetKey, notBefore) => run(() => parse(statements.findReusable.get(targetKey, notBefore))),
    latestForDomain: (domain, scanFrom) =>
      run(() =>
        parse(scanFrom === undefined ? statements.latestForDomain.get(domain) : statements.latestForDomainFrom.get(domain, scanFrom)),
      ),
    listActive: () => run(() => statements.listActive.all().map((row) => parse(row)!)),
    listRecentWithEvidence: (limit) =>
      run(() => statements.listRecentWithEvidence.all(Math.max(0, Math.trunc(limit))).map((row) => parse(row)!)),
    // The indexes are SQL indexes of the same rows, so one DELETE keeps them true; a batch is one statement.
    countEndedBefore: (cutoff) => run(() => Number((statements.countEndedBefore.get(cutoff) as { count: number }).count)),
    purgeEndedBefore: (cutoff, { limit }) => run(() => Number(statements.purgeEndedBefore.run(cutoff, Math.max(0, limit)).changes)),
    close() {
      if (!closed && owned) db.close();
      closed = true;
      return Promise.resolve();
    },
  };
}
