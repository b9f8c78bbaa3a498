import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { targetKeyOf } from "@public-scan/core";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteCounterStore, createSqliteScanStore } from "../src/sqlite/index.js";
import { createTestScanRecord, describeRecentScans, describeScanRetention, describeScanStore } from "../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "public-scan-sqlite-scans-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One file per test (the namespace); peers and reopens open the same file through their own handle.
describeScanStore("sqlite", ({ namespace }) => createSqliteScanStore({ path: join(dir, `${namespace}.sqlite`) }), { durable: true });
describeScanRetention("sqlite", ({ namespace }) => createSqliteScanStore({ path: join(dir, `${namespace}.sqlite`) }), { durable: true });
describeRecentScans("sqlite", ({ namespace }) => createSqliteScanStore({ path: join(dir, `${namespace}.sqlite`) }), { durable: true });

describe("SQLite scan store", () => {
  it("creates its schema on open, in WAL mode, with the index columns beside the record", async () => {
    const path = join(dir, "schema.sqlite");
    const store = createSqliteScanStore({ path });
    const record = createTestScanRecord({ scanId: "scan_s", status: "completed" });
    await store.create(record, { targetKey: targetKeyOf(record) });
    await store.close();
    const db = new DatabaseSync(path);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(db.prepare("SELECT scan_id, target_key, domain, scan_from, status, completed_at, has_evidence FROM scan_records").all()).toEqual(
      [
        {
          scan_id: "scan_s",
          target_key: targetKeyOf(record),
          domain: "example.test",
          scan_from: "eu",
          status: "completed",
          completed_at: record.completedAt,
          has_evidence: 1,
        },
      ],
    );
    const indexes = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'scan_records' AND sql IS NOT NULL")
      .all();
    expect(indexes.map((row) => row.name).sort()).toEqual([
      "scan_records_by_status",
      "scan_records_by_target",
      "scan_records_ended",
      "scan_records_with_evidence_by_domain",
      "scan_records_with_evidence_by_target",
    ]);
    db.close();
  });

  it("brings a file written before has_evidence up to date: a no-go stored then is no domain's latest scan", async () => {
    const path = join(dir, "before-evidence.sqlite");
    const old = new DatabaseSync(path);
    old.exec(`CREATE TABLE scan_records (scan_id TEXT PRIMARY KEY NOT NULL, target_key TEXT NOT NULL, domain TEXT NOT NULL,
      scan_from TEXT, status TEXT NOT NULL, completed_at TEXT, record TEXT NOT NULL);
      CREATE INDEX scan_records_by_domain ON scan_records (domain, status, completed_at);`);
    const insert = old.prepare("INSERT INTO scan_records VALUES (?, ?, ?, ?, ?, ?, ?)");
    const observed = createTestScanRecord({ scanId: "scan_old", status: "completed", completedAt: "2026-08-15T12:00:00.000Z" });
    const noGo = createTestScanRecord({
      scanId: "scan_nogo",
      status: "completed_limited",
      noGo: true,
      completedAt: "2026-08-15T13:00:00.000Z",
    });
    for (const record of [observed, noGo]) {
      insert.run(
        record.scanId,
        targetKeyOf(record),
        record.domain,
        record.scanFrom,
        record.status,
        record.completedAt,
        JSON.stringify(record),
      );
    }
    old.close();
    // Two processes open the old file: the column is added once.
    const [store, peer] = [createSqliteScanStore({ path }), createSqliteScanStore({ path })];
    expect(await store.latestForDomain("example.test")).toStrictEqual(observed);
    expect(await peer.findReusable(targetKeyOf(observed), "2026-08-15T00:00:00.000Z")).toStrictEqual(observed);
    expect(await store.get("scan_nogo")).toStrictEqual(noGo);
    await store.close();
    await peer.close();
  });

  it("shares one database with the counter store and leaves a passed-in database open", async () => {
    const database = new DatabaseSync(join(dir, "shared.sqlite"));
    const scans = createSqliteScanStore({ database });
    const counters = createSqliteCounterStore({ database });
    const record = createTestScanRecord({ scanId: "scan_shared", status: "queued" });
    expect(await scans.create(record, { targetKey: targetKeyOf(record) })).toBe(true);
    expect(
      await counters.consume({ checks: [{ key: "k", limit: 1, window: { kind: "rolling", ms: 60_000 }, units: 1 }], now: Date.now() }),
    ).toMatchObject({ allowed: true });
    expect(await scans.get("scan_shared")).toStrictEqual(record);
    await scans.close();
    await counters.close();
    expect(database.isOpen).toBe(true);
    database.close();
  });

  it("waits at most busyTimeoutMs for another process's write lock, then fails without changing anything", async () => {
    const path = join(dir, "locked.sqlite");
    const store = createSqliteScanStore({ path, busyTimeoutMs: 100 });
    const record = createTestScanRecord({ scanId: "scan_lock", status: "queued" });
    await store.create(record, { targetKey: targetKeyOf(record) });
    const other = new DatabaseSync(path);
    other.exec("BEGIN IMMEDIATE");
    const running = createTestScanRecord({ scanId: "scan_lock", status: "running" });
    await expect(store.update(running, { expectedStatus: "queued", targetKey: targetKeyOf(running) })).rejects.toThrow(/locked|busy/i);
    other.exec("COMMIT");
    other.close();
    expect(await store.get("scan_lock")).toStrictEqual(record);
    expect(await store.update(running, { expectedStatus: "queued", targetKey: targetKeyOf(running) })).toStrictEqual(running);
    await store.close();
  });

  it("refuses every operation after close", async () => {
    const store = createSqliteScanStore({ path: join(dir, "closed.sqlite") });
    await store.close();
    await expect(store.get("scan_x")).rejects.toThrow(/closed/);
    await expect(store.listActive()).rejects.toThrow(/closed/);
  });
});
