import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteKeyStore } from "../src/sqlite/index.js";
import { createTestAuditEvent, createTestKeyRecord, describeAuditLog, describeKeyStore } from "../src/testing/index.js";

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

  it("refuses every operation after close", async () => {
    const store = createSqliteKeyStore({ path: join(dir, "closed.sqlite") });
    await store.create(createTestKeyRecord({ keyId: "key_c" }));
    await store.close();
    await expect(store.get("key_c")).rejects.toThrow(/closed/);
    await expect(store.audit.list()).rejects.toThrow(/closed/);
  });
});
