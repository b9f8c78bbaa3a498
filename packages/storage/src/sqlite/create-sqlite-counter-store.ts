import {
  assertConsumeInput,
  evaluateConsume,
  toCounterExpiry,
  type ConsumeInput,
  type ConsumeResult,
  type CounterEntry,
  type CounterStore,
} from "@public-scan/core";
import { migrateSqliteSchema } from "./migrate-sqlite-schema.js";
import { openSqliteDatabase, sourceOf, type SqliteStoreSource } from "./open-sqlite-database.js";
import { SQLITE_COUNTER_MIGRATIONS } from "./sqlite-counter-migrations.js";
import { createSqliteCounterSweeper } from "./create-sqlite-counter-sweeper.js";
import { SQLITE_COUNTER_SQL } from "./sqlite-counter-sql.js";

/** Rows the sweep looks at per consume: a few hundred keep a step to tens of microseconds. */
const SWEEP_CHUNK_ROWS = 256;

export type SqliteCounterStoreOptions = SqliteCounterStoreTuning & SqliteStoreSource;

export interface SqliteCounterStoreTuning {
  /** How long a consume waits for another process's write lock before it fails. Default 5000 ms. */
  readonly busyTimeoutMs?: number;
  /**
   * How often (in the callers' `now`) a pass deleting expired entries starts; it runs a chunk of rows per
   * consume until done, and reads skip expired entries meanwhile. Default 60 s.
   */
  readonly sweepIntervalMs?: number;
}

/**
 * The CounterStore on one SQLite file (node:sqlite, no native build): a sliding log of bucketed entries per
 * counter (one row per bucket, see `SQLITE_COUNTER_SQL`): a consume runs one read and one write per counter.
 *
 * Consumes are committed in groups: those asked for while the event loop runs one turn are evaluated one
 * after another, in the order they came, inside ONE `BEGIN IMMEDIATE` transaction, which takes the file's
 * write lock before it reads, and each resolves once that transaction committed. So the semantics are those
 * of one transaction per consume (each sees every earlier one, all or nothing), and processes sharing the
 * file still check and consume one group at a time; but a busy server pays one commit (the WAL append that
 * dominated a read's cost) per group, not per request. The wait is one turn of the loop.
 *
 * WAL lets readers of the same file (the document stores) go on meanwhile. A process waiting for the lock
 * blocks its event loop for up to `busyTimeoutMs`: transactions are short, so the wait is short, and a store
 * that must never block belongs on Redis.
 */
export function createSqliteCounterStore(options: SqliteCounterStoreOptions): CounterStore {
  // In WAL mode NORMAL syncs at checkpoints only; a power cut can lose the last counter updates, which at
  // worst lets a few requests through again. Counters are not documents.
  const { db, owned } = openSqliteDatabase({
    source: sourceOf(options),
    ...(options.busyTimeoutMs === undefined ? {} : { busyTimeoutMs: options.busyTimeoutMs }),
    synchronous: "NORMAL",
  });
  try {
    migrateSqliteSchema(db, { component: "counters", migrations: SQLITE_COUNTER_MIGRATIONS });
  } catch (error) {
    // A file this code refuses (a newer schema) or cannot upgrade is not left open behind the error.
    if (owned) db.close();
    throw error;
  }

  const usageOf = db.prepare(SQLITE_COUNTER_SQL.usage);
  const live = db.prepare(SQLITE_COUNTER_SQL.live);
  const add = db.prepare(SQLITE_COUNTER_SQL.add);
  const sweeper = createSqliteCounterSweeper({ db, intervalMs: options.sweepIntervalMs ?? 60_000, chunkRows: SWEEP_CHUNK_ROWS });
  let closed = false;

  /** One consume inside the group's transaction: reads, decides, and writes only when every check fits. */
  function consumeInTransaction(input: ConsumeInput): ConsumeResult {
    const { checks, now } = input;
    sweeper.step(now);
    const usage = checks.map((check) => Number((usageOf.get(check.key, now) as { usage: number }).usage));
    const result = evaluateConsume({
      checks,
      usage,
      now,
      liveEntries: (index) => live.all(checks[index]!.key, now) as unknown as CounterEntry[],
    });
    if (result.allowed) {
      for (const check of checks) {
        if (check.units > 0) add.run(check.key, toCounterExpiry({ window: check.window, at: now }), check.units);
      }
    }
    return result;
  }

  type Pending = { input: ConsumeInput; resolve: (result: ConsumeResult) => void; reject: (error: unknown) => void };
  let group: Pending[] = [];
  let scheduled: ReturnType<typeof setImmediate> | null = null;

  /** Commits the waiting group; a failed commit (the lock timed out) fails every consume of it, none applied. */
  function commitGroup() {
    scheduled = null;
    const pending = group;
    group = [];
    if (pending.length === 0) return;
    const results: ConsumeResult[] = [];
    try {
      db.exec("BEGIN IMMEDIATE");
      for (const item of pending) results.push(consumeInTransaction(item.input));
      db.exec("COMMIT");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      for (const item of pending) item.reject(error);
      return;
    }
    pending.forEach((item, index) => item.resolve(results[index]!));
  }

  return {
    capabilities: { sharedAcrossProcesses: true },
    consume: (input) =>
      new Promise((resolve, reject) => {
        // Bad input fails this consume alone, before it joins a group.
        assertConsumeInput(input);
        if (closed) throw new Error("SQLite counter store is closed");
        group.push({ input, resolve, reject });
        scheduled ??= setImmediate(commitGroup);
      }),
    close() {
      if (!closed) {
        // What was asked for before close is still answered, then the file is released.
        if (scheduled !== null) clearImmediate(scheduled);
        commitGroup();
        if (owned) db.close();
      }
      closed = true;
      return Promise.resolve();
    },
  };
}
