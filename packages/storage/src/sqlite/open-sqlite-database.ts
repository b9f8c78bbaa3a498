import { closeSync, openSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";

/**
 * Where a SQLite store keeps its data: a file (created with the store's schema if missing; processes that
 * open the same file share the data), or an already open database (`createSqliteStores`' connection),
 * configured by its owner (WAL and a busy timeout are expected), whose settings the store leaves alone and
 * which it leaves open when it closes.
 */
export type SqliteStoreSource =
  { readonly path: string; readonly database?: undefined } | { readonly database: DatabaseSync; readonly path?: undefined };

/** The source `openSqliteDatabase` takes, from a store's options. */
export const sourceOf = (options: SqliteStoreSource): OpenSqliteDatabaseOptions["source"] =>
  options.database === undefined ? { path: options.path } : { database: options.database };

export interface OpenSqliteDatabaseOptions {
  /** The file to open, or an already open database (configured by its owner, left as it is but the timeout). */
  source: { path: string } | { database: DatabaseSync };
  /** How long a write waits for another process's lock. Default 5000 ms for files opened here. */
  busyTimeoutMs?: number;
  /** FULL for documents (a power cut loses no commit), NORMAL for counters (it may lose the last updates). */
  synchronous: "FULL" | "NORMAL";
}

/**
 * Opens (or adopts) the SQLite database of a store: busy timeout first, so every statement after it waits
 * for a lock another process holds, then WAL so readers go on while one process writes. Returns whether the
 * store owns the handle (and so closes it).
 */
export function openSqliteDatabase(options: OpenSqliteDatabaseOptions): { db: DatabaseSync; owned: boolean } {
  if ("database" in options.source) {
    if (options.busyTimeoutMs !== undefined) options.source.database.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs)}`);
    return { db: options.source.database, owned: false };
  }
  createPrivately(options.source.path);
  const db = new DatabaseSync(options.source.path);
  db.exec(`PRAGMA busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5000)}`);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(`PRAGMA synchronous = ${options.synchronous}`);
  return { db, owned: true };
}

/**
 * Creates the database file readable by its owner only (0600) when it does not exist yet: it holds key
 * hashes, accounts and audit events. SQLite gives its -wal and -shm files the database file's mode. An
 * in-memory database, or a URI, is left to SQLite.
 */
export function createPrivately(path: string): void {
  if (path === "" || path === ":memory:" || path.startsWith("file:")) return;
  // "a": creates the file if missing, never truncates one that exists (whose mode stays its operator's).
  closeSync(openSync(path, "a", 0o600));
}
