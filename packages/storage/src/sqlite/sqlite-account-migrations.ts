import type { SqliteMigration } from "./sqlite-migration.js";

/**
 * The account table's schema, step by step (component `accounts` in `schema_versions`). Append new steps;
 * never edit a released one. The tests build a file at every earlier version and open it with the current code.
 */
export const SQLITE_ACCOUNT_MIGRATIONS: readonly SqliteMigration[] = [
  {
    // The normalized email in a UNIQUE column keeps two sign-ups for one address from both succeeding;
    // `created_at` beside it orders `list`.
    description: "accounts: the record by id, its email unique, ordered by creation",
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS accounts (
          account_id TEXT PRIMARY KEY NOT NULL,
          email TEXT NOT NULL UNIQUE,
          created_at TEXT NOT NULL,
          record TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS accounts_by_creation ON accounts (created_at, account_id);`),
  },
];
