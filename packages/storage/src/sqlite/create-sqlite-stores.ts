import type { DatabaseSync } from "node:sqlite";
import { createSqliteAccountStore } from "./create-sqlite-account-store.js";
import { createSqliteCounterStore } from "./create-sqlite-counter-store.js";
import { createSqliteKeyStore } from "./create-sqlite-key-store.js";
import { createSqliteKeyvStore } from "./create-sqlite-keyv-store.js";
import { createSqliteMonitorStore } from "./create-sqlite-monitor-store.js";
import { createSqliteScanStore } from "./create-sqlite-scan-store.js";
import { openSqliteDatabase } from "./open-sqlite-database.js";

/**
 * Makers of every store of a deployment on one SQLite file, as `createRedisStores` is on one Redis client:
 * scans, keys with their audit trail, accounts and the keyv documents share one connection, opened on the
 * first maker's call; the counters have a second one, because durability is a connection's setting and
 * counters are written on every request (NORMAL: a power cut may lose the last updates) while documents
 * must not lose a commit (FULL). Statements run synchronously and every transaction is synchronous too, so
 * stores sharing a connection never interleave inside one. `close` closes the connections, once every
 * store made here is done with them (their own `close` leaves a shared connection open).
 */
export function createSqliteStores(input: { readonly path: string; readonly busyTimeoutMs?: number }) {
  const opened: DatabaseSync[] = [];
  const lazily = (synchronous: "FULL" | "NORMAL") => {
    let database: DatabaseSync | undefined;
    return () => {
      if (database === undefined) {
        database = openSqliteDatabase({
          source: { path: input.path },
          ...(input.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: input.busyTimeoutMs }),
          synchronous,
        }).db;
        opened.push(database);
      }
      return database;
    };
  };
  const documents = lazily("FULL");
  const counters = lazily("NORMAL");
  return {
    scans: () => createSqliteScanStore({ database: documents() }),
    /** Keys and, beside them, the audit trail of key requests and revocations. */
    keys: () => createSqliteKeyStore({ database: documents() }),
    counters: () => createSqliteCounterStore({ database: counters() }),
    accounts: () => createSqliteAccountStore({ database: documents() }),
    monitors: () => createSqliteMonitorStore({ database: documents() }),
    /** The keyv storage adapter of sessions and OAuth artifacts. */
    documents: () => createSqliteKeyvStore({ database: documents() }),
    close: () => {
      for (const database of opened.splice(0)) if (database.isOpen) database.close();
      return Promise.resolve();
    },
  };
}
