/**
 * The SQL of the SQLite scan store. One row per scan: the record as JSON, plus the columns the indexes
 * need, written in the same statement as the record so an index never points ahead of it. The table name is
 * specific, so the store can share one file with the counter store (ARCHITECTURE.md "Storage": one SQLite file).
 */
export const SQLITE_SCAN_SQL = {
  // `has_evidence` is 1 for a completed scan with evidence (core's `hasEvidence`): what reuse and a domain's
  // latest scan offer, so a no-go result is never either.
  table: `
    CREATE TABLE IF NOT EXISTS scan_records (
      scan_id TEXT PRIMARY KEY NOT NULL,
      target_key TEXT NOT NULL,
      domain TEXT NOT NULL,
      scan_from TEXT,
      status TEXT NOT NULL,
      completed_at TEXT,
      record TEXT NOT NULL,
      has_evidence INTEGER NOT NULL DEFAULT 0
    );
  `,
  indexes: `
    CREATE INDEX IF NOT EXISTS scan_records_by_target ON scan_records (target_key, status, completed_at);
    CREATE INDEX IF NOT EXISTS scan_records_with_evidence_by_target ON scan_records (target_key, has_evidence, completed_at);
    DROP INDEX IF EXISTS scan_records_by_domain;
    CREATE INDEX IF NOT EXISTS scan_records_with_evidence_by_domain ON scan_records (domain, has_evidence, completed_at);
    CREATE INDEX IF NOT EXISTS scan_records_by_status ON scan_records (status);
  `,
  hasEvidenceColumn: "SELECT 1 FROM pragma_table_info('scan_records') WHERE name = 'has_evidence'",
  // Files written before the column existed: the column is added and filled once from the stored records.
  addEvidenceColumn: `
    ALTER TABLE scan_records ADD COLUMN has_evidence INTEGER NOT NULL DEFAULT 0;
    UPDATE scan_records SET has_evidence = 1
     WHERE status IN ('completed', 'completed_limited')
       AND coalesce(json_extract(record, '$.report.resultDisposition'), '') <> 'no_go';
  `,
  get: "SELECT record FROM scan_records WHERE scan_id = ?",
  create: `INSERT INTO scan_records (scan_id, target_key, domain, scan_from, status, completed_at, has_evidence, record)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scan_id) DO NOTHING`,
  update: `UPDATE scan_records SET target_key = ?, domain = ?, scan_from = ?, status = ?, completed_at = ?, has_evidence = ?, record = ?
           WHERE scan_id = ? AND status = ? AND status NOT IN ('completed', 'completed_limited', 'failed', 'expired')`,
  discardPending: "DELETE FROM scan_records WHERE scan_id = ? AND status = 'pending'",
  // rowid order is creation order: with two active scans of one target, the older one is "the" active scan,
  // as in the memory store.
  findActive: `SELECT record FROM scan_records
               WHERE target_key = ? AND status IN ('queued', 'pending', 'running', 'finalizing') ORDER BY rowid LIMIT 1`,
  // ISO date-times compare as text, exactly as the memory store compares them.
  findReusable: `SELECT record FROM scan_records
                 WHERE target_key = ? AND has_evidence = 1 AND completed_at >= ?
                 ORDER BY completed_at DESC, rowid LIMIT 1`,
  latestForDomain: `SELECT record FROM scan_records WHERE domain = ? AND has_evidence = 1
                    ORDER BY completed_at DESC NULLS LAST, rowid LIMIT 1`,
  latestForDomainFrom: `SELECT record FROM scan_records
                        WHERE domain = ? AND scan_from = ? AND has_evidence = 1
                        ORDER BY completed_at DESC NULLS LAST, rowid LIMIT 1`,
  listActive: "SELECT record FROM scan_records WHERE status IN ('queued', 'pending', 'running', 'finalizing') ORDER BY rowid",
} as const;
