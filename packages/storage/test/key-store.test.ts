import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryAuditLog, createMemoryKeyStore, type ApiKeyRecord, type AuditLog, type KeyStore } from "@public-scan/core";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteKeyStore } from "../src/sqlite/index.js";

const record = (keyId: string, hash: string): ApiKeyRecord => ({
  keyId,
  hash,
  tokenPrefix: "svc_ro_abcdef",
  name: null,
  scopes: ["scan:read", "mcp"],
  kind: "self_serve",
  createdAt: "2026-11-23T10:00:00.000Z",
  expiresAt: "2027-02-21T10:00:00.000Z",
  revokedAt: null,
});

const directories: string[] = [];
afterAll(async () => {
  for (const directory of directories) await rm(directory, { recursive: true, force: true });
});
async function sqlitePath() {
  const directory = await mkdtemp(join(tmpdir(), "public-scan-keys-"));
  directories.push(directory);
  return join(directory, "public-scan.sqlite");
}

const STORES: Record<string, () => Promise<{ keys: KeyStore; audit: AuditLog }>> = {
  memory: () => Promise.resolve({ keys: createMemoryKeyStore(), audit: createMemoryAuditLog() }),
  sqlite: async () => {
    const store = createSqliteKeyStore({ path: await sqlitePath() });
    return { keys: store, audit: store.audit };
  },
};

describe.each(Object.keys(STORES))("%s key store", (name) => {
  it("creates once, finds by hash and id, and never maps one hash to two keys", async () => {
    const { keys } = await STORES[name]!();
    expect(await keys.create(record("key_a", "aa"))).toBe(true);
    expect(await keys.create(record("key_a", "bb"))).toBe(false);
    expect(await keys.create(record("key_b", "aa"))).toBe(false);
    expect(await keys.findByHash("aa")).toEqual(record("key_a", "aa"));
    expect(await keys.get("key_a")).toEqual(record("key_a", "aa"));
    expect(await keys.findByHash("bb")).toBeNull();
    await keys.close();
  });

  it("revokes once", async () => {
    const { keys } = await STORES[name]!();
    await keys.create(record("key_r", "rr"));
    expect(await keys.revoke("key_r", "2026-11-24T00:00:00.000Z")).toBe(true);
    expect(await keys.revoke("key_r", "2026-11-25T00:00:00.000Z")).toBe(false);
    expect(await keys.revoke("key_missing", "2026-11-25T00:00:00.000Z")).toBe(false);
    expect((await keys.get("key_r"))?.revokedAt).toBe("2026-11-24T00:00:00.000Z");
    await keys.close();
  });

  it("keeps the audit trail, newest first", async () => {
    const { audit, keys } = await STORES[name]!();
    for (const action of ["key_issued", "key_revoked"] as const) {
      await audit.append({
        at: "2026-11-23T10:00:00.000Z",
        action,
        outcome: "allowed",
        reason: null,
        keyId: "key_a",
        subjectHash: null,
        networkHash: null,
      });
    }
    expect((await audit.list()).map((event) => event.action)).toEqual(["key_revoked", "key_issued"]);
    await keys.close();
  });
});

describe("sqlite key store", () => {
  it("keeps keys and the audit trail across close and reopen", async () => {
    const path = await sqlitePath();
    const first = createSqliteKeyStore({ path });
    await first.create(record("key_d", "dd"));
    await first.audit.append({
      at: "2026-11-23T10:00:00.000Z",
      action: "key_issued",
      outcome: "allowed",
      reason: null,
      keyId: "key_d",
      subjectHash: null,
      networkHash: null,
    });
    await first.close();
    const again = createSqliteKeyStore({ path });
    expect(await again.findByHash("dd")).toEqual(record("key_d", "dd"));
    expect(await again.audit.list()).toHaveLength(1);
    await again.close();
    await expect(again.get("key_d")).rejects.toThrow("closed");
  });
});
