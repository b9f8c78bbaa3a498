import type { DatabaseSync } from "node:sqlite";
import { migrateSqliteSchema } from "./migrate-sqlite-schema.js";
import { SQLITE_KEY_MIGRATIONS } from "./sqlite-key-migrations.js";

/**
 * Creates the key and audit tables, or brings a file written by an earlier version up to date
 * (`SQLITE_KEY_MIGRATIONS`, in one transaction), and refuses a file written by a newer version.
 */
export function ensureKeySchema(db: DatabaseSync): void {
  migrateSqliteSchema(db, { component: "keys", migrations: SQLITE_KEY_MIGRATIONS });
}
