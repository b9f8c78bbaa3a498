/**
 * The SQL of the SQLite counter store. One row per (counter, expiry ms): entries that expire in the same
 * millisecond are merged, and rolling expiries are bucketed (core's `toCounterExpiry`), so a rolling counter
 * has at most 21 live rows and a utc_day counter one. The table name is specific, so the store can share one
 * file with the document stores (ARCHITECTURE.md "Storage": one SQLite file).
 *
 * Reads skip expired rows instead of deleting them first: a consume is then one read and one write per
 * counter, and expired rows go in the periodic sweep (a bucket's row stays until then, at most one sweep
 * interval). Files written with exact (unbucketed) expiries read the same way.
 */
export const SQLITE_COUNTER_SQL = {
  schema: `
    CREATE TABLE IF NOT EXISTS counter_entries (
      counter_key TEXT NOT NULL,
      expires_at INTEGER NOT NULL,
      units INTEGER NOT NULL,
      PRIMARY KEY (counter_key, expires_at)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS counter_entries_by_expiry ON counter_entries (expires_at);
  `,
  usage: "SELECT COALESCE(SUM(units), 0) AS usage FROM counter_entries WHERE counter_key = ? AND expires_at > ?",
  live: "SELECT expires_at AS expiresAt, units FROM counter_entries WHERE counter_key = ? AND expires_at > ? ORDER BY expires_at",
  add: `INSERT INTO counter_entries (counter_key, expires_at, units) VALUES (?, ?, ?)
        ON CONFLICT (counter_key, expires_at) DO UPDATE SET units = units + excluded.units`,
  sweep: "DELETE FROM counter_entries WHERE expires_at <= ?",
} as const;
