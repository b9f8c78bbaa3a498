/**
 * The SQL of the SQLite scan store. One row per scan: the record as JSON, plus the columns the indexes
 * need, written in the same statement as the record so an index never points ahead of it. The table name is
 * specific, so the store can share one file with the counter store (ARCHITECTURE.md "Storage": one SQLite file).
 */
export const SQLITE_SCAN_SQL = {
  // The schema is in SQLITE_SCAN_MIGRATIONS. `has_evidence` is 1 for a completed scan with evidence (core's
  // `hasEvidence`): what reuse and a domain's latest scan offer, so a no-go result is never either.
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
  // The ended-scans index, newest end first: the scans with evidence are most of them, so the walk is short.
  listRecentWithEvidence: `SELECT record FROM scan_records INDEXED BY scan_records_ended
                           WHERE status IN ('completed', 'completed_limited', 'failed', 'expired') AND has_evidence = 1
                           ORDER BY completed_at DESC, rowid DESC LIMIT ?`,
  listActive: "SELECT record FROM scan_records WHERE status IN ('queued', 'pending', 'running', 'finalizing') ORDER BY rowid",
  // Retention reads the partial index scan_records_ended (INDEXED BY: without statistics the planner prefers
  // the status index and sorts; with it, a batch reads the oldest ended rows and stops). The WHERE repeats
  // the index's, which INDEXED BY requires. A terminal record always has completed_at (NULL < ? is never
  // true, so one without would be kept).
  countEndedBefore: `SELECT count(*) AS count FROM scan_records INDEXED BY scan_records_ended
                     WHERE status IN ('completed', 'completed_limited', 'failed', 'expired') AND completed_at < ?`,
  purgeEndedBefore: `DELETE FROM scan_records WHERE scan_id IN (
                       SELECT scan_id FROM scan_records INDEXED BY scan_records_ended
                        WHERE status IN ('completed', 'completed_limited', 'failed', 'expired') AND completed_at < ?
                        ORDER BY completed_at LIMIT ?)`,
} as const;
