/** A table name the store accepts: an SQL identifier it can quote without escaping anything. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * The SQL of the SQLite keyv store, for one table. Identifiers cannot be bound as parameters, so the name
 * is checked against a strict pattern (and refused, never cleaned up into another name) before it is
 * interpolated; every value is a bound parameter.
 *
 * One row per (namespace, key): the namespace is a column of its own, "" for none, so a namespace is
 * cleared by equality (no LIKE pattern a name could widen) and namespace "a" with key "b:c" can never be
 * namespace "a:b" with key "c". `expires` is Unix ms or NULL; reads filter on it, so an expired row is never
 * returned even before the sweep deletes it.
 */
export function createSqliteKeyvSql(table: string) {
  if (!TABLE_NAME.test(table)) {
    throw new RangeError(`invalid keyv table name ${JSON.stringify(table)}: letters, digits and _ only, not starting with a digit`);
  }
  const t = `"${table}"`;
  const live = "(expires IS NULL OR expires >= ?)";
  return {
    // A rowid table, not WITHOUT ROWID: values can be large (sessions, 1 MB is fine), which WITHOUT ROWID
    // tables handle badly.
    schema: `
      CREATE TABLE IF NOT EXISTS ${t} (
        namespace TEXT NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        expires INTEGER,
        PRIMARY KEY (namespace, key)
      );
      CREATE INDEX IF NOT EXISTS "${table}_by_expiry" ON ${t} (expires) WHERE expires IS NOT NULL;
    `,
    get: `SELECT value FROM ${t} WHERE namespace = ? AND key = ? AND ${live}`,
    has: `SELECT 1 AS found FROM ${t} WHERE namespace = ? AND key = ? AND ${live}`,
    // One statement, so a write from another process lands before or after it, never in between.
    set: `INSERT INTO ${t} (namespace, key, value, expires) VALUES (?, ?, ?, ?)
          ON CONFLICT (namespace, key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
    delete: `DELETE FROM ${t} WHERE namespace = ? AND key = ? RETURNING expires`,
    clear: `DELETE FROM ${t} WHERE namespace = ?`,
    // Bounded, so a sweep on the write path holds the file's write lock only briefly.
    sweep: `DELETE FROM ${t} WHERE rowid IN (SELECT rowid FROM ${t} WHERE expires < ? LIMIT ?)`,
  } as const;
}
