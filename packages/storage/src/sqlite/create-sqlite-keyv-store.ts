import type { KeyvStorageEntry } from "keyv";
import { assertStringValue } from "../keyv/assert-string-value.js";
import { createKeyvAdapter, type KeyvAdapter, type KeyvStoreOperations } from "../keyv/create-keyv-adapter.js";
import { isPastExpiry, toStoreExpires } from "../keyv/to-store-expires.js";
import { openSqliteDatabase, sourceOf, type SqliteStoreSource } from "./open-sqlite-database.js";
import { createSqliteKeyvSql } from "./sqlite-keyv-sql.js";
import { migrateSqliteSchema } from "./migrate-sqlite-schema.js";
import { withTransaction } from "./with-transaction.js";

export type SqliteKeyvStoreOptions = SqliteKeyvStoreTuning & SqliteStoreSource;

export interface SqliteKeyvStoreTuning {
  /** The table of the entries: letters, digits and `_`. Default `keyv_entries`. */
  readonly table?: string;
  /** The keyv namespace; a Keyv constructed with a namespace sets its own. Default none. */
  readonly namespace?: string;
  /** How long a write waits for another process's write lock before it fails. Default 5000 ms. */
  readonly busyTimeoutMs?: number;
  /** How often a write also deletes expired rows (of every namespace in the table). Default 60 s. */
  readonly sweepIntervalMs?: number;
}

interface SqliteKeyvOperations extends KeyvStoreOperations {
  /** Deletes every expired row of the table now; resolves to how many there were. */
  sweep(): number;
}

export type SqliteKeyvStore = KeyvAdapter<SqliteKeyvOperations>;

/** Rows a sweep on the write path deletes at most; `sweep()` repeats until none are left. */
const SWEEP_BATCH = 500;

/**
 * A keyv 6 storage adapter on one SQLite file (node:sqlite, no native build), so documents with a time to
 * live sit in the same file as the scans, keys and counters. Values are the strings keyv serializes, kept
 * as given. Expiry is enforced on read (a row past its `expires` is never returned, whatever keyv's own
 * `checkExpired` says) and expired rows are deleted in bounded batches on writes, at most every
 * `sweepIntervalMs`, or by `sweep()`. Reads never delete: a delete-on-read could remove the fresh value
 * another process has just written over an expired one.
 *
 * Each operation is one statement or one transaction, so processes sharing the file (WAL, busy timeout)
 * never see half of a setMany or deleteMany. Like the other SQLite stores, a write waiting for another
 * process's lock blocks the event loop for up to `busyTimeoutMs`.
 */
export function createSqliteKeyvStore(options: SqliteKeyvStoreOptions): SqliteKeyvStore {
  const sql = createSqliteKeyvSql(options.table ?? "keyv_entries");
  // Sessions and OAuth artifacts are documents: FULL syncs every commit, so a power cut cannot bring back
  // a session that was deleted (signed out) before it.
  const { db, owned } = openSqliteDatabase({
    source: sourceOf(options),
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    synchronous: "FULL",
  });
  // Each keyv table is versioned on its own (`keyv:<table>`): a host may keep several in one file.
  try {
    migrateSqliteSchema(db, {
      component: `keyv:${options.table ?? "keyv_entries"}`,
      migrations: [
        { description: "the entries of a keyv table, with their expiry and its index", up: (database) => database.exec(sql.schema) },
      ],
    });
  } catch (error) {
    // A file this code refuses (a newer schema) or cannot upgrade is not left open behind the error.
    if (owned) db.close();
    throw error;
  }

  const statements = {
    get: db.prepare(sql.get),
    has: db.prepare(sql.has),
    set: db.prepare(sql.set),
    delete: db.prepare(sql.delete),
    clear: db.prepare(sql.clear),
    sweep: db.prepare(sql.sweep),
  };
  const sweepIntervalMs = options.sweepIntervalMs ?? 60_000;
  let lastSweep = Number.NEGATIVE_INFINITY;
  let closed = false;

  const open = () => {
    if (closed) throw new Error("SQLite keyv store is closed");
  };

  return createKeyvAdapter<SqliteKeyvOperations>({
    namespace: options.namespace,
    operations: (namespace) => {
      const read = (key: string, now: number) => (statements.get.get(namespace(), key, now) as { value: string } | undefined)?.value;
      const has = (key: string, now: number) => statements.has.get(namespace(), key, now) !== undefined;
      const remove = (key: string, now: number) => {
        const row = statements.delete.get(namespace(), key) as { expires: number | null } | undefined;
        // A row already past its expiry was not there for any reader, so deleting it is not a hit.
        return row !== undefined && !isPastExpiry(row.expires, now);
      };
      const write = (entry: KeyvStorageEntry<unknown>, now: number) => {
        assertStringValue(entry.value);
        const expires = toStoreExpires(entry.expires);
        // A deadline already passed makes the key absent, as keyv's native adapters do.
        if (isPastExpiry(expires, now)) remove(entry.key, now);
        else statements.set.run(namespace(), entry.key, entry.value, expires ?? null);
      };
      const sweepBatch = (now: number) => Number(statements.sweep.run(now, SWEEP_BATCH).changes);
      const sweepIfDue = (now: number) => {
        if (now - lastSweep < sweepIntervalMs) return;
        lastSweep = now;
        sweepBatch(now);
      };

      return {
        get: (key: string) => {
          open();
          return read(key, Date.now());
        },
        getMany: (keys: string[]) => {
          open();
          const now = Date.now();
          return withTransaction(db, "DEFERRED", () => keys.map((key) => read(key, now)));
        },
        has: (key: string) => {
          open();
          return has(key, Date.now());
        },
        hasMany: (keys: string[]) => {
          open();
          const now = Date.now();
          return withTransaction(db, "DEFERRED", () => keys.map((key) => has(key, now)));
        },
        set: (key: string, value: unknown, expires?: number) => {
          open();
          const now = Date.now();
          write({ key, value, ...(expires === undefined ? {} : { expires }) }, now);
          sweepIfDue(now);
          return true;
        },
        setMany: (entries: KeyvStorageEntry<unknown>[]) => {
          open();
          const now = Date.now();
          withTransaction(db, "IMMEDIATE", () => {
            for (const entry of entries) write(entry, now);
          });
          sweepIfDue(now);
          return entries.map(() => true);
        },
        delete: (key: string) => {
          open();
          return remove(key, Date.now());
        },
        deleteMany: (keys: string[]) => {
          open();
          const now = Date.now();
          return withTransaction(db, "IMMEDIATE", () => keys.map((key) => remove(key, now)));
        },
        clear: () => {
          open();
          statements.clear.run(namespace());
        },
        sweep: () => {
          open();
          const now = Date.now();
          let deleted = 0;
          let batch: number;
          do {
            batch = sweepBatch(now);
            deleted += batch;
          } while (batch === SWEEP_BATCH);
          lastSweep = now;
          return deleted;
        },
        disconnect: () => {
          if (!closed && owned) db.close();
          closed = true;
        },
      };
    },
  });
}
