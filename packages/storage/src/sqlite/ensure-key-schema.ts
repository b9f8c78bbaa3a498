import type { DatabaseSync } from "node:sqlite";

// `owner_id` mirrors the record's ownerId, so an account's keys are found through an index.
const TABLES = `
  CREATE TABLE IF NOT EXISTS api_keys (
    key_id TEXT PRIMARY KEY,
    hash TEXT NOT NULL UNIQUE,
    owner_id TEXT,
    record TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS audit_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    event TEXT NOT NULL
  );`;

/**
 * Creates the key and audit tables, and brings a file written before keys had owners up to date: the
 * `owner_id` column is added (NULL for every existing key, which had no owner) and indexed. One IMMEDIATE
 * transaction: two processes opening the same old file at once add the column once, the second finds it.
 */
export function ensureKeySchema(db: DatabaseSync): void {
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(TABLES);
    if (db.prepare("SELECT 1 FROM pragma_table_info('api_keys') WHERE name = 'owner_id'").get() === undefined)
      db.exec("ALTER TABLE api_keys ADD COLUMN owner_id TEXT");
    db.exec("CREATE INDEX IF NOT EXISTS api_keys_by_owner ON api_keys (owner_id)");
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
