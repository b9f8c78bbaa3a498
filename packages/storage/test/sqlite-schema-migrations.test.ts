import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { targetKeyOf, type ApiKeyRecord } from "@public-scan/core";
import { afterAll, describe, expect, it } from "vitest";
import { Keyv } from "keyv";
import {
  createSqliteAccountStore,
  createSqliteCounterStore,
  createSqliteKeyStore,
  createSqliteKeyvStore,
  createSqliteScanStore,
} from "../src/sqlite/index.js";
import { migrateSqliteSchema, readSqliteSchemaVersion } from "../src/sqlite/migrate-sqlite-schema.js";
import type { SqliteMigration } from "../src/sqlite/sqlite-migration.js";
import { SQLITE_ACCOUNT_MIGRATIONS } from "../src/sqlite/sqlite-account-migrations.js";
import { SQLITE_COUNTER_MIGRATIONS } from "../src/sqlite/sqlite-counter-migrations.js";
import { SQLITE_KEY_MIGRATIONS } from "../src/sqlite/sqlite-key-migrations.js";
import { SQLITE_SCAN_MIGRATIONS } from "../src/sqlite/sqlite-scan-migrations.js";
import { createTestAccountRecord, createTestAuditEvent, createTestKeyRecord, createTestScanRecord } from "../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "public-scan-sqlite-migrations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const newPath = () => join(dir, `db${(files += 1)}.sqlite`);

/**
 * The schemas files were written with before versions were recorded, as the code of the time created
 * them (git history of packages/storage/src/sqlite/). A file written then has no schema_versions table.
 */
const UNVERSIONED = {
  // ebbc844 (the first SQLite scan store) until f2eedac added has_evidence.
  scansBeforeEvidence: `
    CREATE TABLE scan_records (scan_id TEXT PRIMARY KEY NOT NULL, target_key TEXT NOT NULL, domain TEXT NOT NULL,
      scan_from TEXT, status TEXT NOT NULL, completed_at TEXT, record TEXT NOT NULL);
    CREATE INDEX scan_records_by_target ON scan_records (target_key, status, completed_at);
    CREATE INDEX scan_records_by_domain ON scan_records (domain, status, completed_at);
    CREATE INDEX scan_records_by_status ON scan_records (status);`,
  // f2eedac until versions: has_evidence and the indexes that read it.
  scansWithEvidence: `
    CREATE TABLE scan_records (scan_id TEXT PRIMARY KEY NOT NULL, target_key TEXT NOT NULL, domain TEXT NOT NULL,
      scan_from TEXT, status TEXT NOT NULL, completed_at TEXT, record TEXT NOT NULL, has_evidence INTEGER NOT NULL DEFAULT 0);
    CREATE INDEX scan_records_by_target ON scan_records (target_key, status, completed_at);
    CREATE INDEX scan_records_with_evidence_by_target ON scan_records (target_key, has_evidence, completed_at);
    CREATE INDEX scan_records_with_evidence_by_domain ON scan_records (domain, has_evidence, completed_at);
    CREATE INDEX scan_records_by_status ON scan_records (status);`,
  // f1b4f90 (the first SQLite key store) until 66deebb gave keys an owner.
  keysBeforeOwner: `
    CREATE TABLE api_keys (key_id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, record TEXT NOT NULL);
    CREATE TABLE audit_events (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL);`,
  // 66deebb until versions.
  keysWithOwner: `
    CREATE TABLE api_keys (key_id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, owner_id TEXT, record TEXT NOT NULL);
    CREATE TABLE audit_events (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL);
    CREATE INDEX api_keys_by_owner ON api_keys (owner_id);`,
  // 9ead92f (the first SQLite counter store) until f7b7ad4 dropped the index on the expiry.
  countersWithExpiryIndex: `
    CREATE TABLE counter_entries (counter_key TEXT NOT NULL, expires_at INTEGER NOT NULL, units INTEGER NOT NULL,
      PRIMARY KEY (counter_key, expires_at)) WITHOUT ROWID;
    CREATE INDEX counter_entries_by_expiry ON counter_entries (expires_at);`,
  // f7b7ad4 until versions.
  counters: `
    CREATE TABLE counter_entries (counter_key TEXT NOT NULL, expires_at INTEGER NOT NULL, units INTEGER NOT NULL,
      PRIMARY KEY (counter_key, expires_at)) WITHOUT ROWID;`,
  // f59ceb2 (the first SQLite account store) until versions: one shape.
  accounts: `
    CREATE TABLE accounts (account_id TEXT PRIMARY KEY NOT NULL, email TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, record TEXT NOT NULL);
    CREATE INDEX accounts_by_creation ON accounts (created_at, account_id);`,
  // a700218 (the first SQLite keyv store) until versions: one shape.
  keyv: `
    CREATE TABLE "keyv_entries" (namespace TEXT NOT NULL, key TEXT NOT NULL, value TEXT NOT NULL, expires INTEGER,
      PRIMARY KEY (namespace, key));
    CREATE INDEX "keyv_entries_by_expiry" ON "keyv_entries" (expires) WHERE expires IS NOT NULL;`,
} as const;

/** A file written with `sql`. */
function fileWith(sql: string): string {
  const path = newPath();
  const db = new DatabaseSync(path);
  db.exec(sql);
  db.close();
  return path;
}

/** A file at each recorded version of a component below the latest. */
function versionedFiles(component: string, migrations: readonly SqliteMigration[]): Array<{ name: string; path: string; version: number }> {
  const files = [];
  for (let version = 1; version < migrations.length; version += 1) {
    const path = newPath();
    const db = new DatabaseSync(path);
    migrateSqliteSchema(db, { component, migrations: migrations.slice(0, version) });
    db.close();
    files.push({ name: `version ${version}`, path, version });
  }
  return files;
}

/** A file at every earlier shape of one component: the unversioned ones, then each recorded version below the latest. */
function earlierScanFiles(): Array<{ name: string; path: string; hasEvidenceColumn: boolean }> {
  const fixtures = [
    { name: "unversioned, before has_evidence", sql: UNVERSIONED.scansBeforeEvidence, hasEvidenceColumn: false },
    { name: "unversioned, with has_evidence", sql: UNVERSIONED.scansWithEvidence, hasEvidenceColumn: true },
  ].map(({ name, sql, hasEvidenceColumn }) => {
    const path = newPath();
    const db = new DatabaseSync(path);
    db.exec(sql);
    db.close();
    return { name, path, hasEvidenceColumn };
  });
  for (let version = 1; version < SQLITE_SCAN_MIGRATIONS.length; version += 1) {
    const path = newPath();
    const db = new DatabaseSync(path);
    migrateSqliteSchema(db, { component: "scans", migrations: SQLITE_SCAN_MIGRATIONS.slice(0, version) });
    db.close();
    fixtures.push({ name: `version ${version}`, path, hasEvidenceColumn: version >= 2 });
  }
  return fixtures;
}

function earlierKeyFiles(): Array<{ name: string; path: string; hasOwnerColumn: boolean }> {
  const fixtures = [
    { name: "unversioned, before owners", sql: UNVERSIONED.keysBeforeOwner, hasOwnerColumn: false },
    { name: "unversioned, with owners", sql: UNVERSIONED.keysWithOwner, hasOwnerColumn: true },
  ].map(({ name, sql, hasOwnerColumn }) => {
    const path = newPath();
    const db = new DatabaseSync(path);
    db.exec(sql);
    db.close();
    return { name, path, hasOwnerColumn };
  });
  for (let version = 1; version < SQLITE_KEY_MIGRATIONS.length; version += 1) {
    const path = newPath();
    const db = new DatabaseSync(path);
    migrateSqliteSchema(db, { component: "keys", migrations: SQLITE_KEY_MIGRATIONS.slice(0, version) });
    db.close();
    fixtures.push({ name: `version ${version}`, path, hasOwnerColumn: version >= 2 });
  }
  return fixtures;
}

/** Columns and indexes of a file's tables: what a migrated file must share with a new one. */
function shapeOf(path: string, tables: string[]) {
  const db = new DatabaseSync(path, { readOnly: true });
  const shape = tables.map((table) => ({
    table,
    columns: db.prepare(`SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info('${table}') ORDER BY name`).all(),
    indexes: db
      .prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL ORDER BY name`)
      .all(table)
      .map((row) => row.name),
  }));
  db.close();
  return shape;
}

const versionOf = (path: string, component: string) => {
  const db = new DatabaseSync(path, { readOnly: true });
  const version = readSqliteSchemaVersion(db, component);
  db.close();
  return version;
};

describe("SQLite schema migrations: scans", () => {
  const current = newPath();
  // The store closes synchronously (its promise only reports it).
  void createSqliteScanStore({ path: current }).close();

  for (const fixture of earlierScanFiles()) {
    it(`opens a file at ${fixture.name}: rows survive, the schema and its version end current`, async () => {
      const observed = createTestScanRecord({ scanId: "scan_kept", status: "completed", completedAt: "2026-08-15T12:00:00.000Z" });
      const noGo = createTestScanRecord({
        scanId: "scan_nogo",
        status: "completed_limited",
        noGo: true,
        completedAt: "2026-08-15T13:00:00.000Z",
      });
      const running = createTestScanRecord({ scanId: "scan_run", status: "running", url: "https://running.test/" });
      const old = new DatabaseSync(fixture.path);
      const insert = fixture.hasEvidenceColumn
        ? old.prepare(
            "INSERT INTO scan_records (scan_id, target_key, domain, scan_from, status, completed_at, record, has_evidence) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
          )
        : old.prepare(
            "INSERT INTO scan_records (scan_id, target_key, domain, scan_from, status, completed_at, record) VALUES (?, ?, ?, ?, ?, ?, ?)",
          );
      for (const record of [observed, noGo, running]) {
        const values = [
          record.scanId,
          targetKeyOf(record),
          record.domain,
          record.scanFrom,
          record.status,
          record.completedAt,
          JSON.stringify(record),
        ];
        insert.run(...values, ...(fixture.hasEvidenceColumn ? [record === observed ? 1 : 0] : []));
      }
      old.close();

      const store = createSqliteScanStore({ path: fixture.path });
      for (const record of [observed, noGo, running]) expect(await store.get(record.scanId)).toStrictEqual(record);
      // The indexes read the migrated columns: the no-go is neither reusable nor the domain's latest scan.
      expect(await store.latestForDomain("example.test")).toStrictEqual(observed);
      expect(await store.findReusable(targetKeyOf(observed), "2026-08-15T00:00:00.000Z")).toStrictEqual(observed);
      expect(await store.findActive(targetKeyOf(running))).toStrictEqual(running);
      expect(await store.countEndedBefore("2026-09-01T00:00:00.000Z")).toBe(2);
      await store.close();
      expect(versionOf(fixture.path, "scans")).toBe(SQLITE_SCAN_MIGRATIONS.length);
      expect(shapeOf(fixture.path, ["scan_records"])).toStrictEqual(shapeOf(current, ["scan_records"]));
    });
  }
});

describe("SQLite schema migrations: keys and the audit trail", () => {
  const current = newPath();
  void createSqliteKeyStore({ path: current }).close();

  for (const fixture of earlierKeyFiles()) {
    it(`opens a file at ${fixture.name}: keys and events survive, the schema and its version end current`, async () => {
      // A key stored before owners has no ownerId in its JSON.
      const { ownerId: _dropped, ...legacy } = createTestKeyRecord({ keyId: "key_old" });
      const owned: ApiKeyRecord = createTestKeyRecord({ keyId: "key_owned", ownerId: "acct_1" });
      const event = createTestAuditEvent({ keyId: "key_old" });
      const old = new DatabaseSync(fixture.path);
      old.prepare("INSERT INTO api_keys (key_id, hash, record) VALUES (?, ?, ?)").run(legacy.keyId, legacy.hash, JSON.stringify(legacy));
      if (fixture.hasOwnerColumn)
        old
          .prepare("INSERT INTO api_keys (key_id, hash, owner_id, record) VALUES (?, ?, ?, ?)")
          .run(owned.keyId, owned.hash, "acct_1", JSON.stringify(owned));
      old.prepare("INSERT INTO audit_events (event) VALUES (?)").run(JSON.stringify(event));
      old.close();

      const store = createSqliteKeyStore({ path: fixture.path });
      expect(await store.get("key_old")).toStrictEqual({ ...legacy, ownerId: null });
      expect(await store.findByHash(legacy.hash)).toStrictEqual({ ...legacy, ownerId: null });
      if (fixture.hasOwnerColumn) expect(await store.listByOwner("acct_1")).toStrictEqual([owned]);
      // The upgraded file takes owned keys through the migrated column.
      const added = createTestKeyRecord({ keyId: "key_new", ownerId: "acct_2" });
      expect(await store.create(added)).toBe(true);
      expect(await store.listByOwner("acct_2")).toStrictEqual([added]);
      expect(await store.audit.list()).toStrictEqual([event]);
      await store.close();
      expect(versionOf(fixture.path, "keys")).toBe(SQLITE_KEY_MIGRATIONS.length);
      expect(shapeOf(fixture.path, ["api_keys", "audit_events"])).toStrictEqual(shapeOf(current, ["api_keys", "audit_events"]));
    });
  }
});

describe("SQLite schema migrations: counters, accounts, keyv entries", () => {
  const current = newPath();
  void createSqliteCounterStore({ path: current }).close();
  void createSqliteAccountStore({ path: current }).close();
  void createSqliteKeyvStore({ path: current }).disconnect();
  const MINUTE = { kind: "rolling", ms: 60_000 } as const;

  const counterFiles = [
    { name: "unversioned, with the expiry index", path: fileWith(UNVERSIONED.countersWithExpiryIndex) },
    { name: "unversioned", path: fileWith(UNVERSIONED.counters) },
    ...versionedFiles("counters", SQLITE_COUNTER_MIGRATIONS),
  ];
  for (const fixture of counterFiles) {
    it(`counters: opens a file at ${fixture.name}: live entries still count, the schema and its version end current`, async () => {
      const now = Date.now();
      const old = new DatabaseSync(fixture.path);
      old.prepare("INSERT INTO counter_entries (counter_key, expires_at, units) VALUES (?, ?, ?)").run("k", now + 30_000, 1);
      old.close();
      const store = createSqliteCounterStore({ path: fixture.path });
      // The entry written before the upgrade uses the limit of 1: the next unit is refused.
      expect(await store.consume({ checks: [{ key: "k", limit: 1, window: MINUTE, units: 1 }], now })).toMatchObject({ allowed: false });
      await store.close();
      expect(versionOf(fixture.path, "counters")).toBe(SQLITE_COUNTER_MIGRATIONS.length);
      expect(shapeOf(fixture.path, ["counter_entries"])).toStrictEqual(shapeOf(current, ["counter_entries"]));
    });
  }

  it(`accounts: opens an unversioned file: accounts survive, the version ends current (${SQLITE_ACCOUNT_MIGRATIONS.length})`, async () => {
    const path = fileWith(UNVERSIONED.accounts);
    const account = createTestAccountRecord({ accountId: "acct_old" });
    const old = new DatabaseSync(path);
    old
      .prepare("INSERT INTO accounts (account_id, email, created_at, record) VALUES (?, ?, ?, ?)")
      .run(account.accountId, account.email, account.createdAt, JSON.stringify(account));
    old.close();
    const store = createSqliteAccountStore({ path });
    expect(await store.findByEmail(account.email)).toStrictEqual(account);
    expect(await store.list({ limit: 10 })).toStrictEqual([account]);
    await store.close();
    expect(versionOf(path, "accounts")).toBe(SQLITE_ACCOUNT_MIGRATIONS.length);
    expect(shapeOf(path, ["accounts"])).toStrictEqual(shapeOf(current, ["accounts"]));
  });

  it("keyv: opens an unversioned file: entries survive, the table's version ends current", async () => {
    const path = fileWith(UNVERSIONED.keyv);
    // The row as keyv writes it (its key and value encoding are keyv's), copied into the old file.
    const scratch = newPath();
    const writer = createSqliteKeyvStore({ path: scratch });
    await new Keyv({ store: writer }).set("session", "v");
    await writer.disconnect();
    const source = new DatabaseSync(scratch, { readOnly: true });
    const row = source.prepare("SELECT namespace, key, value, expires FROM keyv_entries").get() as Record<string, string | number | null>;
    source.close();
    const old = new DatabaseSync(path);
    old
      .prepare("INSERT INTO keyv_entries (namespace, key, value, expires) VALUES (?, ?, ?, ?)")
      .run(row.namespace!, row.key!, row.value!, row.expires ?? null);
    old.close();
    const store = createSqliteKeyvStore({ path });
    expect(await new Keyv({ store }).get("session")).toBe("v");
    await store.disconnect();
    expect(versionOf(path, "keyv:keyv_entries")).toBe(1);
    expect(shapeOf(path, ["keyv_entries"])).toStrictEqual(shapeOf(current, ["keyv_entries"]));
  });
});

describe("SQLite schema versions", () => {
  it("refuses a file newer than the code, with a clear error, and leaves it unchanged", async () => {
    const path = newPath();
    const store = createSqliteScanStore({ path });
    const record = createTestScanRecord({ scanId: "scan_future", status: "completed" });
    await store.create(record, { targetKey: targetKeyOf(record) });
    await store.close();
    const db = new DatabaseSync(path);
    db.prepare("UPDATE schema_versions SET version = ? WHERE component = 'scans'").run(SQLITE_SCAN_MIGRATIONS.length + 1);
    db.close();
    const before = readFileSync(path);
    expect(() => createSqliteScanStore({ path })).toThrow(
      new RegExp(`scans tables of this SQLite file are at schema version ${SQLITE_SCAN_MIGRATIONS.length + 1}, newer than`),
    );
    expect(readFileSync(path).equals(before)).toBe(true);
    // The key tables of the same file are versioned on their own, and still open.
    const keys = createSqliteKeyStore({ path });
    expect(await keys.audit.list()).toStrictEqual([]);
    await keys.close();
  });

  it("applies the steps of an upgrade in one transaction: a failing step leaves the file at its version", () => {
    const path = newPath();
    const db = new DatabaseSync(path);
    const first = SQLITE_SCAN_MIGRATIONS.slice(0, 1);
    migrateSqliteSchema(db, { component: "scans", migrations: first });
    const failing = [
      ...first,
      { description: "adds a column", up: (database: DatabaseSync) => database.exec("ALTER TABLE scan_records ADD COLUMN extra TEXT") },
      {
        description: "fails",
        up: () => {
          throw new Error("step failed");
        },
      },
    ];
    expect(() => migrateSqliteSchema(db, { component: "scans", migrations: failing })).toThrow("step failed");
    expect(readSqliteSchemaVersion(db, "scans")).toBe(1);
    expect(db.prepare("SELECT 1 FROM pragma_table_info('scan_records') WHERE name = 'extra'").get()).toBeUndefined();
    expect(db.isTransaction).toBe(false);
    db.close();
  });

  it("records the version of a new file, and opening it again changes nothing", async () => {
    const path = newPath();
    await createSqliteScanStore({ path }).close();
    const db = new DatabaseSync(path, { readOnly: true });
    const row = db.prepare("SELECT version, updated_at FROM schema_versions WHERE component = 'scans'").get();
    db.close();
    expect(row?.version).toBe(SQLITE_SCAN_MIGRATIONS.length);
    await createSqliteScanStore({ path }).close();
    const again = new DatabaseSync(path, { readOnly: true });
    expect(again.prepare("SELECT version, updated_at FROM schema_versions WHERE component = 'scans'").get()).toStrictEqual(row);
    again.close();
  });
});
