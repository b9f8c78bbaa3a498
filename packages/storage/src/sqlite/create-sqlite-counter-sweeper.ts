import type { DatabaseSync } from "node:sqlite";
import { SQLITE_COUNTER_SQL } from "./sqlite-counter-sql.js";

export interface SqliteCounterSweeperOptions {
  readonly db: DatabaseSync;
  /** How often (in the callers' `now`) a pass over the whole table starts. */
  readonly intervalMs: number;
  /** Rows looked at per step; a step is part of a consume's transaction, so this bounds its extra work. */
  readonly chunkRows: number;
}

/**
 * Deletes the counter store's expired rows without an index on their expiry: every `intervalMs` a pass
 * starts, and each call of `step` (one per consume, inside its transaction) deletes the expired rows among
 * the next `chunkRows` rows in key order, until the pass reaches the end of the table. A pass over `n` rows
 * takes `n / chunkRows` consumes; a store that consumes rarely also adds rows rarely. Several processes
 * sharing the file each sweep on their own; deleting an expired row twice is harmless.
 */
export function createSqliteCounterSweeper(options: SqliteCounterSweeperOptions): { step(now: number): void } {
  const { db, intervalMs, chunkRows } = options;
  const chunkEnd = db.prepare(SQLITE_COUNTER_SQL.chunkEnd);
  const sweepChunk = db.prepare(SQLITE_COUNTER_SQL.sweepChunk);
  const sweepTail = db.prepare(SQLITE_COUNTER_SQL.sweepTail);
  let lastPass = Number.NEGATIVE_INFINITY;
  // The last key the pass under way has swept to, or null between passes. Keys are never empty.
  let cursor: string | null = null;

  return {
    step(now) {
      if (cursor === null) {
        if (now - lastPass < intervalMs) return;
        lastPass = now;
        cursor = "";
      }
      const end = (chunkEnd.get(cursor, chunkRows - 1) as { counterKey: string } | undefined)?.counterKey;
      if (end === undefined) {
        sweepTail.run(cursor, now);
        cursor = null;
      } else {
        sweepChunk.run(cursor, end, now);
        cursor = end;
      }
    },
  };
}
