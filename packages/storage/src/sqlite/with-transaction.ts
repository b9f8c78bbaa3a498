import type { DatabaseSync } from "node:sqlite";

/**
 * Runs `work` in one transaction. `IMMEDIATE` takes the file's write lock before the first statement, so
 * a batch of writes from another process lands wholly before or after it; `DEFERRED` (for reads) gives the
 * statements one snapshot of the file.
 */
export function withTransaction<T>(db: DatabaseSync, mode: "IMMEDIATE" | "DEFERRED", work: () => T): T {
  db.exec(`BEGIN ${mode}`);
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
