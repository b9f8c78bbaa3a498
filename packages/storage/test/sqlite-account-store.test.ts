import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteAccountStore, createSqliteKeyStore } from "../src/sqlite/index.js";
import { createTestAccountRecord, createTestKeyRecord, describeAccountStore } from "../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "public-scan-sqlite-accounts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// One file per test (the namespace); peers and reopens open the same file through their own handle.
describeAccountStore("sqlite", ({ namespace }) => createSqliteAccountStore({ path: join(dir, `${namespace}.sqlite`) }), { durable: true });

describe("SQLite account store", () => {
  it("keeps the normalized email in a UNIQUE column, beside the key store in one file", async () => {
    const path = join(dir, "one-file.sqlite");
    const accounts = createSqliteAccountStore({ path });
    const keys = createSqliteKeyStore({ path });
    expect(await accounts.create(createTestAccountRecord({ accountId: "acct_f", email: " Mixed@Case.TEST " }))).toBe(true);
    expect(await keys.create(createTestKeyRecord({ keyId: "key_f" }))).toBe(true);
    await accounts.close();
    await keys.close();

    const db = new DatabaseSync(path);
    expect(db.prepare("SELECT account_id, email, created_at FROM accounts").all()).toEqual([
      { account_id: "acct_f", email: "mixed@case.test", created_at: "2026-11-23T10:00:00.000Z" },
    ]);
    // The database itself refuses a second row for the address, whoever writes it.
    expect(() =>
      db.prepare("INSERT INTO accounts (account_id, email, created_at, record) VALUES ('acct_g', 'mixed@case.test', '', '{}')").run(),
    ).toThrow(/UNIQUE/);
    expect(db.prepare("SELECT COUNT(*) AS keys FROM api_keys").get()).toEqual({ keys: 1 });
    db.close();
  });

  it("refuses every operation after close", async () => {
    const store = createSqliteAccountStore({ path: join(dir, "closed.sqlite") });
    await store.create(createTestAccountRecord({ accountId: "acct_c" }));
    await store.close();
    await expect(store.get("acct_c")).rejects.toThrow(/closed/);
    await expect(store.create(createTestAccountRecord({ accountId: "acct_d" }))).rejects.toThrow(/closed/);
    await expect(store.list({ limit: 1 })).rejects.toThrow(/closed/);
  });
});
