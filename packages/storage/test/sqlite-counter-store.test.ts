import { mkdtempSync, rmSync, statSync } from "node:fs";
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

  it("sweeps in chunks of rows, one per consume, without an index on the expiry", async () => {
    const database = new DatabaseSync(join(dir, "chunked.sqlite"));
    // A file from before: the index on the expiry is dropped when the store opens it.
    database.exec(
      "CREATE TABLE counter_entries (counter_key TEXT NOT NULL, expires_at INTEGER NOT NULL, units INTEGER NOT NULL, PRIMARY KEY (counter_key, expires_at)) WITHOUT ROWID",
    );
    database.exec("CREATE INDEX counter_entries_by_expiry ON counter_entries (expires_at)");
    const store = createSqliteCounterStore({ database });
    expect(database.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'counter_entries_by_expiry'").all()).toEqual(
      [],
    );
    const expired = () =>
      (database.prepare("SELECT COUNT(*) AS rows FROM counter_entries WHERE expires_at <= ?").get(T0 + 130_000) as { rows: number }).rows;
    // The first consume starts a pass (and finds nothing to delete); then 600 counters expire.
    for (let batch = 0; batch < 6; batch += 1) {
      const keys = Array.from({ length: 100 }, (_, i) => `c${String(batch * 100 + i).padStart(3, "0")}`);
      await store.consume({ checks: keys.map((key) => ({ key, limit: 5, window: MINUTE, units: 1 })), now: T0 });
    }
    expect(expired()).toBe(600);
    // The next pass starts 60 s later and looks at 256 rows per consume: c000-c255, c256-c511, then the rest.
    const later = (offset: number) =>
      store.consume({ checks: [{ key: "z", limit: 5, window: MINUTE, units: 1 }], now: T0 + 130_000 + offset });
    await later(0);
    expect(expired()).toBe(344);
    await later(1);
    expect(expired()).toBe(88);
    await later(2);
    expect(expired()).toBe(0);
    expect(database.prepare("SELECT counter_key, units FROM counter_entries").all()).toEqual([{ counter_key: "z", units: 3 }]);
    await store.close();
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

  it("commits the consumes of one turn together, each one seeing those asked for before it", async () => {
    const path = join(dir, "grouped.sqlite");
    const store = createSqliteCounterStore({ path });
    await store.consume({ checks: [{ key: "warm", limit: 5, window: MINUTE, units: 1 }], now: T0 });
    // Every commit appends the pages it changed to the write-ahead log (4 KiB pages, 24-byte frame headers).
    const walFrames = () => Math.floor(statSync(`${path}-wal`).size / (4096 + 24));
    const before = walFrames();
    const consume = (key: string, units: number) => store.consume({ checks: [{ key, limit: 5, window: MINUTE, units }], now: T0 });
    // Eight asked for in one turn on a limit of 5 (with a refused 3 in between, which consumes nothing).
    const results = await Promise.all([
      consume("k", 1),
      consume("k", 3),
      consume("k", 3),
      ...Array.from({ length: 5 }, () => consume("k", 1)),
    ]);
    expect(results).toEqual([
      { allowed: true, usage: [1] },
      { allowed: true, usage: [4] },
      expect.objectContaining({ allowed: false, failed: 0, usage: 4 }),
      { allowed: true, usage: [5] },
      expect.objectContaining({ allowed: false, usage: 5 }),
      expect.objectContaining({ allowed: false, usage: 5 }),
      expect.objectContaining({ allowed: false, usage: 5 }),
      expect.objectContaining({ allowed: false, usage: 5 }),
    ]);
    // One commit for the group (one per consume would append a frame for each of the three allowed).
    expect(walFrames() - before).toBeLessThanOrEqual(2);
    await store.close();
  });

  it("fails every consume of a group it could not commit, and applies none of them", async () => {
    const path = join(dir, "group-locked.sqlite");
    const store = createSqliteCounterStore({ path, busyTimeoutMs: 50 });
    const other = new DatabaseSync(path);
    other.exec("BEGIN IMMEDIATE");
    const consume = () => store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: T0 });
    const results = await Promise.allSettled([consume(), consume()]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    other.exec("COMMIT");
    expect(await consume()).toEqual({ allowed: true, usage: [1] });
    other.close();
    await store.close();
  });

  it("answers what was asked for before close, then refuses", async () => {
    const store = createSqliteCounterStore({ path: join(dir, "closing.sqlite") });
    const asked = store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: T0 });
    await store.close();
    expect(await asked).toEqual({ allowed: true, usage: [1] });
  });

  it("refuses to consume after close", async () => {
    const store = createSqliteCounterStore({ path: join(dir, "closed.sqlite") });
    await store.close();
    await expect(store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: T0 })).rejects.toThrow(/closed/);
  });
});
