/**
 * The SQL of the SQLite scan store. One row per scan: the record as JSON, plus the columns the indexes
 * need, written in the same statement as the record so an index never points ahead of it. The table name is
 * specific, so the store can share one file with the counter store (ARCHITECTURE.md "Storage": one SQLite file).
 */
export const SQLITE_SCAN_SQL = {
  schema: `
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
    CREATE INDEX IF NOT EXISTS scan_records_by_domain ON scan_records (domain, status, completed_at);
    CREATE INDEX IF NOT EXISTS scan_records_by_status ON scan_records (status);
  `,
  get: "SELECT record FROM scan_records WHERE scan_id = ?",
  create: `INSERT INTO scan_records (scan_id, target_key, domain, scan_from, status, completed_at, record)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (scan_id) DO NOTHING`,
  update: `UPDATE scan_records SET target_key = ?, domain = ?, scan_from = ?, status = ?, completed_at = ?, record = ?
           WHERE scan_id = ? AND status = ? AND status NOT IN ('completed', 'completed_limited', 'failed', 'expired')`,
  // rowid order is creation order: with two active scans of one target, the older one is "the" active scan,
  // as in the memory store.
  findActive: `SELECT record FROM scan_records
               WHERE target_key = ? AND status IN ('queued', 'pending', 'running', 'finalizing') ORDER BY rowid LIMIT 1`,
  // ISO date-times compare as text, exactly as the memory store compares them.
  findReusable: `SELECT record FROM scan_records
                 WHERE target_key = ? AND status IN ('completed', 'completed_limited') AND completed_at >= ?
                 ORDER BY completed_at DESC, rowid LIMIT 1`,
  latestForDomain: `SELECT record FROM scan_records WHERE domain = ? AND status IN ('completed', 'completed_limited')
                    ORDER BY completed_at DESC NULLS LAST, rowid LIMIT 1`,
  latestForDomainFrom: `SELECT record FROM scan_records
                        WHERE domain = ? AND scan_from = ? AND status IN ('completed', 'completed_limited')
                        ORDER BY completed_at DESC NULLS LAST, rowid LIMIT 1`,
  listActive: "SELECT record FROM scan_records WHERE status IN ('queued', 'pending', 'running', 'finalizing') ORDER BY rowid",
} as const;
