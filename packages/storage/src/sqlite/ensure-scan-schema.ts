import type { DatabaseSync } from "node:sqlite";
import { migrateSqliteSchema } from "./migrate-sqlite-schema.js";
import { SQLITE_SCAN_MIGRATIONS } from "./sqlite-scan-migrations.js";

/**
 * Creates the scan table and its indexes, or brings a file written by an earlier version up to date
 * (`SQLITE_SCAN_MIGRATIONS`, in one transaction), and refuses a file written by a newer version.
 */
export function ensureScanSchema(db: DatabaseSync): void {
  migrateSqliteSchema(db, { component: "scans", migrations: SQLITE_SCAN_MIGRATIONS });
}
