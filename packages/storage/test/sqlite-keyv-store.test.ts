import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Keyv } from "keyv";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteKeyvStore } from "../src/sqlite/index.js";
import { describeKeyvStore } from "../src/testing/index.js";

const dir = mkdtempSync(join(tmpdir(), "public-scan-sqlite-keyv-"));
const shared = new Map<string, DatabaseSync>();
afterAll(() => {
  for (const db of shared.values()) db.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = (db: DatabaseSync, table = "keyv_entries") =>
  db.prepare(`SELECT namespace, key, value, expires FROM ${table} ORDER BY namespace, key`).all();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// One file per test (the suite's namespace); every handle opens the file itself, as another process would.
describeKeyvStore("sqlite file", ({ namespace }) => createSqliteKeyvStore({ path: join(dir, `${namespace}.sqlite`) }), { durable: true });

// Adapters on a database the host opened once for all its stores: they leave it open, so the entries outlive them.
describeKeyvStore(
  "sqlite, on a shared database",
  ({ namespace }) => {
    const db = shared.get(namespace) ?? new DatabaseSync(join(dir, `${namespace}-shared.sqlite`));
    shared.set(namespace, db);
    return createSqliteKeyvStore({ database: db, table: "oauth_artifacts" });
  },
  { durable: true },
);

describe("SQLite keyv store", () => {
  it("keeps one row per entry in the table it was given, and leaves a given database open", async () => {
    const db = new DatabaseSync(join(dir, "layout.sqlite"));
    const store = createSqliteKeyvStore({ database: db, table: "oauth_artifacts", namespace: "AccessToken" });
    const expires = Date.now() + 60_000;
    await store.set("token:1", '{"value":1}', expires);
    await new Keyv({ store: createSqliteKeyvStore({ database: db, table: "oauth_artifacts" }) }).set("plain", "v");
    expect(rows(db, "oauth_artifacts")).toEqual([
      { namespace: "", key: "plain", value: '{"value":"v"}', expires: null },
      { namespace: "AccessToken", key: "token:1", value: '{"value":1}', expires },
    ]);
    // keyv's detection looks at the function kind: every method is a native async one.
    expect(store.capabilities).toMatchObject({ compatible: true, store: "keyvStorage", expires: true });
    await store.disconnect();
    expect(db.prepare("SELECT COUNT(*) AS n FROM oauth_artifacts").get()).toEqual({ n: 2 });
    db.close();
  });

  it("refuses a table name that is not a plain identifier, before it touches the file", () => {
    const path = join(dir, "names.sqlite");
    for (const table of ['x"; DROP TABLE scan_records; --', "1abc", "", "a b", "a-b", "tä", "x".repeat(64)]) {
      expect(() => createSqliteKeyvStore({ path, table }), table).toThrow(/invalid keyv table name/);
    }
    const store = createSqliteKeyvStore({ path, table: "_Sessions_2" });
    void store.disconnect();
  });

  it("reads never delete; writes sweep expired rows at most every sweepIntervalMs, and sweep() sweeps now", async () => {
    const path = join(dir, "sweep.sqlite");
    const store = createSqliteKeyvStore({ path, sweepIntervalMs: 60_000 });
    const raw = new DatabaseSync(path);
    // The first write sweeps (nothing yet) and starts the interval.
    await store.set("expiring 1", "a", Date.now() + 30);
    await store.set("expiring 2", "b", Date.now() + 30);
    await sleep(60);
    expect(await store.get("expiring 1")).toBeUndefined();
    expect(await store.getMany(["expiring 1", "expiring 2"])).toEqual([undefined, undefined]);
    await store.set("fresh", "c");
    expect(rows(raw).map((row) => row.key)).toEqual(["expiring 1", "expiring 2", "fresh"]);
    expect(await store.sweep()).toBe(2);
    expect(rows(raw).map((row) => row.key)).toEqual(["fresh"]);

    const eager = createSqliteKeyvStore({ path, sweepIntervalMs: 0 });
    await eager.set("expiring 3", "d", Date.now() + 30);
    await sleep(60);
    await eager.setMany([{ key: "fresh 2", value: "e" }]);
    expect(rows(raw).map((row) => row.key)).toEqual(["fresh", "fresh 2"]);
    raw.close();
    await Promise.all([store.disconnect(), eager.disconnect()]);
  });

  it("refuses values that are not strings instead of storing something else", async () => {
    const store = createSqliteKeyvStore({ path: join(dir, "values.sqlite") });
    await expect(store.set("k", { value: 1 })).rejects.toThrow(TypeError);
    await expect(
      store.setMany([
        { key: "ok", value: "fine" },
        { key: "k", value: 42 },
      ]),
    ).rejects.toThrow(TypeError);
    // The batch is one transaction: its good entry did not land either.
    expect(await store.getMany(["k", "ok"])).toEqual([undefined, undefined]);
    // A Keyv without serialization hands the store its envelope object: the write fails, loudly.
    const errors: unknown[] = [];
    const keyv = new Keyv({ store, serialization: false });
    keyv.on("error", (error: unknown) => errors.push(error));
    expect(await keyv.set("k", { a: 1 })).toBe(false);
    expect(errors).toEqual([expect.any(TypeError)]);
    await store.disconnect();
  });

  it("refuses every operation after disconnect, which is idempotent", async () => {
    const store = createSqliteKeyvStore({ path: join(dir, "closed.sqlite") });
    await store.set("k", "v");
    await store.disconnect();
    await expect(store.disconnect()).resolves.toBeUndefined();
    await expect(store.get("k")).rejects.toThrow(/closed/);
    await expect(store.set("k", "w")).rejects.toThrow(/closed/);
    await expect(store.clear()).rejects.toThrow(/closed/);
  });
});
