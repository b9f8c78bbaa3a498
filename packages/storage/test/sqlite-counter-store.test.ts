import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteCounterStore } from "../src/sqlite/index.js";
import { describeCounterStore } from "../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "public-scan-sqlite-counters-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MINUTE = { kind: "rolling", ms: 60_000 } as const;
const T0 = Date.UTC(2026, 7, 15, 12);

// One file per test (the namespace); peers open the same file through their own handle.
describeCounterStore("sqlite", ({ namespace }) => createSqliteCounterStore({ path: join(dir, `${namespace}.sqlite`) }));

describe("SQLite counter store", () => {
  it("creates its schema on open, in WAL mode", async () => {
    const path = join(dir, "schema.sqlite");
    const store = createSqliteCounterStore({ path });
    await store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 2 }], now: T0 });
    await store.close();
    const db = new DatabaseSync(path);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(db.prepare("SELECT counter_key, expires_at, units FROM counter_entries").all()).toEqual([
      { counter_key: "k", expires_at: T0 + 60_000, units: 2 },
    ]);
    db.close();
  });

  it("merges entries of the same bucket and deletes expired ones, so rows stay bounded", async () => {
    const database = new DatabaseSync(join(dir, "bounded.sqlite"));
    const store = createSqliteCounterStore({ database });
    const rows = () => database.prepare("SELECT COUNT(*) AS rows FROM counter_entries").get();
    // Ten units within one bucket of the minute (3 s, (T0, T0 + 3000]) share one row.
    for (let i = 0; i < 10; i += 1)
      await store.consume({ checks: [{ key: "k", limit: 1000, window: MINUTE, units: 1 }], now: T0 + 1 + i * 299 });
    expect(rows()).toEqual({ rows: 1 });
    // A unit every second for a minute: one row per 3-second bucket, not one per unit.
    for (let i = 0; i < 60; i += 1)
      await store.consume({ checks: [{ key: "k", limit: 1000, window: MINUTE, units: 1 }], now: T0 + 3000 + i * 1000 });
    expect(rows()).toEqual({ rows: 21 });
    // Expired entries go at the next sweep (every 60 s of the callers' clock), whichever counter triggers it.
    await store.consume({ checks: [{ key: "other", limit: 100, window: MINUTE, units: 1 }], now: T0 + 130_000 });
    expect(database.prepare("SELECT counter_key FROM counter_entries").all()).toEqual([{ counter_key: "other" }]);
    await store.close();
    // The database was passed in, so it is still open.
    expect(database.isOpen).toBe(true);
    database.close();
  });

  it("takes the write lock before reading, and waits at most busyTimeoutMs for it", async () => {
    const path = join(dir, "locked.sqlite");
    const store = createSqliteCounterStore({ path, busyTimeoutMs: 100 });
    const other = new DatabaseSync(path);
    other.exec("BEGIN IMMEDIATE");
    const started = performance.now();
    await expect(store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: T0 })).rejects.toThrow(/locked|busy/i);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    other.exec("COMMIT");
    expect(await store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: T0 })).toEqual({
      allowed: true,
      usage: [1],
    });
    other.close();
    await store.close();
  });

  it("refuses to consume after close", async () => {
    const store = createSqliteCounterStore({ path: join(dir, "closed.sqlite") });
    await store.close();
    await expect(store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: T0 })).rejects.toThrow(/closed/);
  });
});
