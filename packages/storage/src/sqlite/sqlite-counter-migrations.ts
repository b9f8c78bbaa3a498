import type { SqliteMigration } from "./sqlite-migration.js";

/**
 * The counter table's schema, step by step (component `counters` in `schema_versions`). Append new steps;
 * never edit a released one. The tests build a file at every earlier version and open it with the current code.
 */
export const SQLITE_COUNTER_MIGRATIONS: readonly SqliteMigration[] = [
  {
    description: "counter_entries: one row per (counter, expiry ms)",
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS counter_entries (
          counter_key TEXT NOT NULL,
          expires_at INTEGER NOT NULL,
          units INTEGER NOT NULL,
          PRIMARY KEY (counter_key, expires_at)
        ) WITHOUT ROWID;`),
  },
  {
    // The first files had an index on the expiry for the sweep; the sweep now walks the primary key in chunks,
    // and the index doubled the pages every new row writes (SQLITE_COUNTER_SQL).
    description: "drop counter_entries_by_expiry",
    up: (db) => db.exec("DROP INDEX IF EXISTS counter_entries_by_expiry"),
  },
];
