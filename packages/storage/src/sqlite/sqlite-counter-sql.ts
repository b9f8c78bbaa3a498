/**
 * The SQL of the SQLite counter store. One row per (counter, expiry ms): entries that expire in the same
 * millisecond are merged, and rolling expiries are bucketed (core's `toCounterExpiry`), so a rolling counter
 * has at most 21 live rows and a utc_day counter one. The table name is specific, so the store can share one
 * file with the document stores (ARCHITECTURE.md "Storage": one SQLite file).
 *
 * Reads skip expired rows instead of deleting them first: a consume is then one read and one write per
 * counter, and expired rows go in the periodic sweep. The sweep walks the primary key in chunks
 * (`createSqliteCounterSweeper`) rather than using an index on `expires_at`: that index doubled the pages
 * every new row writes, and page writes (and the checkpoints that copy them back) are most of a consume.
 * Files written with exact (unbucketed) expiries read the same way. The schema is in SQLITE_COUNTER_MIGRATIONS
 * (which drops the index files written by the first version had).
 */
export const SQLITE_COUNTER_SQL = {
  usage: "SELECT COALESCE(SUM(units), 0) AS usage FROM counter_entries WHERE counter_key = ? AND expires_at > ?",
  live: "SELECT expires_at AS expiresAt, units FROM counter_entries WHERE counter_key = ? AND expires_at > ? ORDER BY expires_at",
  add: `INSERT INTO counter_entries (counter_key, expires_at, units) VALUES (?, ?, ?)
        ON CONFLICT (counter_key, expires_at) DO UPDATE SET units = units + excluded.units`,
  // The sweep's chunks: the last key of the next `chunkRows` rows after a cursor, then the expired rows up
  // to it (or to the end of the table when no such key is left).
  chunkEnd: "SELECT counter_key AS counterKey FROM counter_entries WHERE counter_key > ? ORDER BY counter_key LIMIT 1 OFFSET ?",
  sweepChunk: "DELETE FROM counter_entries WHERE counter_key > ? AND counter_key <= ? AND expires_at <= ?",
  sweepTail: "DELETE FROM counter_entries WHERE counter_key > ? AND expires_at <= ?",
} as const;
