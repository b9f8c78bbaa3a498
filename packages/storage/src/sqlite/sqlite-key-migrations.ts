import type { SqliteMigration } from "./sqlite-migration.js";

/**
 * The key and audit tables' schema, step by step (component `keys` in `schema_versions`). Append new steps;
 * never edit a released one. The tests build a file at every earlier version and open it with the current code.
 */
export const SQLITE_KEY_MIGRATIONS: readonly SqliteMigration[] = [
  {
    description: "api_keys (the record by id, its token hash unique) and audit_events (in append order)",
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS api_keys (
          key_id TEXT PRIMARY KEY,
          hash TEXT NOT NULL UNIQUE,
          record TEXT NOT NULL
        );
        CREATE TABLE IF NOT EXISTS audit_events (
          seq INTEGER PRIMARY KEY AUTOINCREMENT,
          event TEXT NOT NULL
        );`),
  },
  {
    // `owner_id` mirrors the record's ownerId, so an account's keys are found through an index; keys stored
    // before had no owner (NULL).
    description: "api_keys.owner_id and its index",
    up: (db) => {
      if (db.prepare("SELECT 1 FROM pragma_table_info('api_keys') WHERE name = 'owner_id'").get() === undefined)
        db.exec("ALTER TABLE api_keys ADD COLUMN owner_id TEXT");
      db.exec("CREATE INDEX IF NOT EXISTS api_keys_by_owner ON api_keys (owner_id)");
    },
  },
];
