import type { DatabaseSync } from "node:sqlite";
import { SQLITE_SCAN_SQL } from "./sqlite-scan-sql.js";

/**
 * Creates the scan table and its indexes, and brings a file written by an earlier version up to date (the
 * `has_evidence` column). One IMMEDIATE transaction: two processes opening the same old file at once add
 * the column once, the second finds it there.
 */
export function ensureScanSchema(db: DatabaseSync): void {
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(SQLITE_SCAN_SQL.table);
    if (db.prepare(SQLITE_SCAN_SQL.hasEvidenceColumn).get() === undefined) db.exec(SQLITE_SCAN_SQL.addEvidenceColumn);
    db.exec(SQLITE_SCAN_SQL.indexes);
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
