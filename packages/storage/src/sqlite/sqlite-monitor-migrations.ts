import type { SqliteMigration } from "./sqlite-migration.js";

/**
 * The monitor tables' schema, step by step (component `monitors` in `schema_versions`). Append new steps;
 * never edit a released one.
 */
export const SQLITE_MONITOR_MIGRATIONS: readonly SqliteMigration[] = [
  {
    description: "monitors (the record by id, with owner, status and creation time as columns) and monitor_runs (by tick)",
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS monitors (
          monitor_id TEXT PRIMARY KEY,
          owner_key_id TEXT NOT NULL,
          status TEXT NOT NULL,
          created_at TEXT NOT NULL,
          record TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS monitors_by_owner ON monitors (owner_key_id, created_at);
        CREATE INDEX IF NOT EXISTS monitors_by_status ON monitors (status);
        CREATE TABLE IF NOT EXISTS monitor_runs (
          run_id TEXT PRIMARY KEY,
          monitor_id TEXT NOT NULL REFERENCES monitors (monitor_id) ON DELETE CASCADE,
          scheduled_at TEXT NOT NULL,
          run TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS monitor_runs_by_tick ON monitor_runs (monitor_id, scheduled_at);`),
  },
];
