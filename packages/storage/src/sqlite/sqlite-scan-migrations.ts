import type { SqliteMigration } from "./sqlite-migration.js";

const hasColumn = (db: Parameters<SqliteMigration["up"]>[0], column: string) =>
  db.prepare("SELECT 1 FROM pragma_table_info('scan_records') WHERE name = ?").get(column) !== undefined;

/**
 * The scan tables' schema, step by step (component `scans` in `schema_versions`). Append new steps; never
 * edit a released one (files out there are at each of these versions). The tests build a file at every
 * earlier version and open it with the current code.
 */
export const SQLITE_SCAN_MIGRATIONS: readonly SqliteMigration[] = [
  {
    description: "scan_records: the record as JSON, with the columns its indexes need",
    up: (db) =>
      db.exec(`
        CREATE TABLE IF NOT EXISTS scan_records (
          scan_id TEXT PRIMARY KEY NOT NULL,
          target_key TEXT NOT NULL,
          domain TEXT NOT NULL,
          scan_from TEXT,
          status TEXT NOT NULL,
          completed_at TEXT,
          record TEXT NOT NULL
        );
        CREATE INDEX IF NOT EXISTS scan_records_by_target ON scan_records (target_key, status, completed_at);
        CREATE INDEX IF NOT EXISTS scan_records_by_status ON scan_records (status);`),
  },
  {
    // Reuse and a domain's latest scan offer only completed scans with evidence (core's `hasEvidence`), so a
    // no-go result is never either; the column is filled once from the stored records.
    description: "has_evidence: 1 for a completed scan with evidence, and the indexes that read it",
    up: (db) => {
      if (!hasColumn(db, "has_evidence"))
        db.exec(`
          ALTER TABLE scan_records ADD COLUMN has_evidence INTEGER NOT NULL DEFAULT 0;
          UPDATE scan_records SET has_evidence = 1
           WHERE status IN ('completed', 'completed_limited')
             AND coalesce(json_extract(record, '$.report.resultDisposition'), '') <> 'no_go';`);
      db.exec(`
        DROP INDEX IF EXISTS scan_records_by_domain;
        CREATE INDEX IF NOT EXISTS scan_records_with_evidence_by_target ON scan_records (target_key, has_evidence, completed_at);
        CREATE INDEX IF NOT EXISTS scan_records_with_evidence_by_domain ON scan_records (domain, has_evidence, completed_at);`);
    },
  },
  {
    // Retention deletes ended scans oldest first in batches: a partial index holds only ended scans, by end.
    description: "scan_records_ended: ended scans by their end, for retention",
    up: (db) =>
      db.exec(`CREATE INDEX IF NOT EXISTS scan_records_ended ON scan_records (completed_at)
               WHERE status IN ('completed', 'completed_limited', 'failed', 'expired')`),
  },
];
