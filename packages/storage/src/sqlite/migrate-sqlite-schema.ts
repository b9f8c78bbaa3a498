import type { DatabaseSync } from "node:sqlite";
import type { SqliteMigration } from "./sqlite-migration.js";

// One row per component (the scan tables, the key and audit tables, ...): the stores sharing a file open and
// upgrade their own tables independently, and a file may hold only some of them.
const VERSIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_versions (
  component TEXT PRIMARY KEY NOT NULL,
  version INTEGER NOT NULL,
  updated_at TEXT NOT NULL
)`;

/** The schema version of one component in a file, 0 when none is recorded (a new file, or one written before versions). */
export function readSqliteSchemaVersion(db: DatabaseSync, component: string): number {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_versions'").get();
  if (table === undefined) return 0;
  const row = db.prepare("SELECT version FROM schema_versions WHERE component = ?").get(component) as { version: number } | undefined;
  return row === undefined ? 0 : Number(row.version);
}

/**
 * Brings one component's tables to the newest version this code knows: the steps after the recorded version,
 * in order, and the new version, in one IMMEDIATE transaction, so a failed step leaves the file as it was and
 * two processes opening an old file at once upgrade it once (the second finds it current). A file whose
 * recorded version is newer than the code is refused, unchanged: older code could misread rows a newer
 * schema wrote, or write rows it cannot read.
 */
export function migrateSqliteSchema(db: DatabaseSync, input: { component: string; migrations: readonly SqliteMigration[] }): void {
  const latest = input.migrations.length;
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(VERSIONS_TABLE);
    const current = readSqliteSchemaVersion(db, input.component);
    if (current > latest)
      throw new Error(
        `the ${input.component} tables of this SQLite file are at schema version ${current}, newer than this version of ` +
          `public-scan knows (${latest}): run the newer version, or restore a backup taken before the upgrade (docs/operations.md)`,
      );
    if (current < latest) {
      for (const migration of input.migrations.slice(current)) migration.up(db);
      db.prepare(
        `INSERT INTO schema_versions (component, version, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (component) DO UPDATE SET version = excluded.version, updated_at = excluded.updated_at`,
      ).run(input.component, latest, new Date().toISOString());
    }
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
