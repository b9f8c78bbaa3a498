import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteKeyStore } from "../src/sqlite/index.js";
import {
  createTestAuditEvent,
  createTestKeyRecord,
  describeAuditLog,
  describeAuditRetention,
  describeKeyStore,
} from "../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "public-scan-sqlite-keys-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One file per test (the namespace); peers and reopens open the same file through their own handle.
describeKeyStore("sqlite", ({ namespace }) => createSqliteKeyStore({ path: join(dir, `${namespace}.sqlite`) }), { durable: true });
// The audit log lives in the key store's file and closes with it.
describeAuditLog(
  "sqlite",
  ({ namespace }) => {
    const store = createSqliteKeyStore({ path: join(dir, `${namespace}.sqlite`) });
    return { ...store.audit, close: () => store.close() };
  },
  { durable: true },
);

describeAuditRetention(
  "sqlite",
  ({ namespace }) => {
    const store = createSqliteKeyStore({ path: join(dir, `${namespace}.sqlite`) });
    return { ...store.audit, close: () => store.close() };
  },
  { durable: true },
);

describe("SQLite key store", () => {
  it("keeps keys and the audit trail in one file, and stores only the token's hash", async () => {
    const path = join(dir, "one-file.sqlite");
    const store = createSqliteKeyStore({ path });
    const record = createTestKeyRecord({ keyId: "key_d" });
    await store.create(record);
    await store.audit.append(createTestAuditEvent({ keyId: "key_d" }));
    await store.close();
    const db = new DatabaseSync(path);
    expect(db.prepare("SELECT key_id, hash FROM api_keys").all()).toEqual([{ key_id: "key_d", hash: record.hash }]);
    expect(db.prepare("SELECT COUNT(*) AS events FROM audit_events").get()).toEqual({ events: 1 });
    db.close();
  });

  it("opens a file written before keys had owners: adds owner_id once, and old keys read back with no owner", async () => {
    const path = join(dir, "before-owners.sqlite");
    // The schema and a row exactly as the store wrote them before ownerId existed.
    const { ownerId: _dropped, ...legacy } = createTestKeyRecord({ keyId: "key_legacy" });
    const old = new DatabaseSync(path);
    old.exec(`
      CREATE TABLE api_keys (key_id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
      CREATE TABLE audit_events (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL);`);
    old.prepare("INSERT INTO api_keys (key_id, hash, record) VALUES (?, ?, ?)").run(legacy.keyId, legacy.hash, JSON.stringify(legacy));
    old.close();

    // Two stores open the old file at once, as two processes might: the column is added once.
    const [store, second] = [createSqliteKeyStore({ path }), createSqliteKeyStore({ path })];
    const upgraded = { ...legacy, ownerId: null };
    expect(await store.get("key_legacy")).toStrictEqual(upgraded);
    expect(await second.findByHash(legacy.hash)).toStrictEqual(upgraded);
    expect(await store.listByOwner("null")).toStrictEqual([]);
    const owned = createTestKeyRecord({ keyId: "key_new", ownerId: "acct_1" });
    expect(await store.create(owned)).toBe(true);
    expect(await second.listByOwner("acct_1")).toStrictEqual([owned]);
    expect(await store.revoke("key_legacy", "2026-11-24T00:00:00.000Z")).toBe(true);
    expect(await second.get("key_legacy")).toStrictEqual({ ...upgraded, revokedAt: "2026-11-24T00:00:00.000Z" });
    await store.close();
    await second.close();

    const db = new DatabaseSync(path);
    expect(db.prepare("SELECT name FROM pragma_table_info('api_keys') WHERE name = 'owner_id'").all()).toEqual([{ name: "owner_id" }]);
    expect(db.prepare("SELECT key_id, owner_id FROM api_keys ORDER BY key_id").all()).toEqual([
      { key_id: "key_legacy", owner_id: null },
      { key_id: "key_new", owner_id: "acct_1" },
    ]);
    db.close();
  });

  it("refuses every operation after close", async () => {
    const store = createSqliteKeyStore({ path: join(dir, "closed.sqlite") });
    await store.create(createTestKeyRecord({ keyId: "key_c" }));
    await store.close();
    await expect(store.get("key_c")).rejects.toThrow(/closed/);
    await expect(store.audit.list()).rejects.toThrow(/closed/);
  });
});
