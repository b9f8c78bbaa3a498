import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteMonitorStore } from "../src/sqlite/index.js";
import { createTestMonitorRecord, createTestMonitorRun, describeMonitorStore, testTick } from "../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "public-scan-sqlite-monitors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One file per test (the namespace); peers and reopens open the same file through their own handle.
describeMonitorStore("sqlite", ({ namespace }) => createSqliteMonitorStore({ path: join(dir, `${namespace}.sqlite`) }), { durable: true });

describe("SQLite monitor store", () => {
  it("keeps a monitor's runs in their own table, and deletes them with the monitor", async () => {
    const path = join(dir, "layout.sqlite");
    const store = createSqliteMonitorStore({ path });
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 1 });
    await store.claimRun(createTestMonitorRun(record.monitorId, testTick(1)));
    const db = new DatabaseSync(path);
    expect(db.prepare("SELECT monitor_id, owner_key_id, status FROM monitors").all()).toEqual([
      { monitor_id: record.monitorId, owner_key_id: "key_owner1", status: "active" },
    ]);
    expect(db.prepare("SELECT count(*) AS runs FROM monitor_runs").get()).toEqual({ runs: 1 });
    await store.delete(record.monitorId);
    expect(db.prepare("SELECT count(*) AS runs FROM monitor_runs").get()).toEqual({ runs: 0 });
    db.close();
    await store.close();
  });

  it("refuses every operation after close", async () => {
    const store = createSqliteMonitorStore({ path: join(dir, "closed.sqlite") });
    await store.close();
    await expect(store.get(createTestMonitorRecord().monitorId)).rejects.toThrow(/closed/);
    await expect(store.create(createTestMonitorRecord(), { maxPerOwner: 1 })).rejects.toThrow(/closed/);
  });
});
