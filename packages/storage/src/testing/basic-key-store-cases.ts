import { expect } from "vitest";
import { createTestKeyRecord, testKeyHash } from "./create-test-key-record.js";
import type { KeyStoreCase } from "./key-store-case.js";

const DAY_1 = "2026-11-24T00:00:00.000Z";
const DAY_2 = "2026-11-25T00:00:00.000Z";

/** Create-once on both the keyId and the hash, lookups, revocation, faithful copies, close. */
export const BASIC_KEY_STORE_CASES = {
  "get and findByHash of a missing key are null": async ({ store }) => {
    expect(await store.get("key_missing")).toBeNull();
    expect(await store.findByHash(testKeyHash("missing"))).toBeNull();
  },

  "create stores a key once: a second create with its keyId or its hash is refused and changes nothing": async ({ store }) => {
    const record = createTestKeyRecord({ keyId: "key_a" });
    expect(await store.create(record)).toBe(true);
    expect(await store.findByHash(record.hash)).toStrictEqual(record);
    expect(await store.get("key_a")).toStrictEqual(record);

    // Same keyId, another token: refused, the stored record kept, and the new hash not indexed.
    const sameId = createTestKeyRecord({ keyId: "key_a", hash: testKeyHash("other token"), name: "retry", kind: "support" });
    expect(await store.create(sameId)).toBe(false);
    expect(await store.get("key_a")).toStrictEqual(record);
    expect(await store.findByHash(sameId.hash)).toBeNull();

    // Same hash under another keyId: refused, so one token can never map to two keys.
    const sameHash = createTestKeyRecord({ keyId: "key_b", hash: record.hash });
    expect(await store.create(sameHash)).toBe(false);
    expect(await store.get("key_b")).toBeNull();
    expect(await store.findByHash(record.hash)).toStrictEqual(record);

    // An identical retry is refused too.
    expect(await store.create(record)).toBe(false);
  },

  "findByHash and get find each key by its own hash and id only": async ({ store }) => {
    const keys = ["key_1", "key_2", "key_3"].map((keyId) => createTestKeyRecord({ keyId }));
    for (const record of keys) expect(await store.create(record)).toBe(true);
    for (const record of keys) {
      expect(await store.findByHash(record.hash)).toStrictEqual(record);
      expect(await store.get(record.keyId)).toStrictEqual(record);
    }
    // A hash is looked up as given: not by prefix, not case-insensitively, and a keyId is not a hash.
    expect(await store.findByHash(keys[0]!.hash.slice(0, 32))).toBeNull();
    expect(await store.findByHash(keys[0]!.hash.toUpperCase())).toBeNull();
    expect(await store.findByHash("key_1")).toBeNull();
    expect(await store.get(keys[0]!.hash)).toBeNull();
  },

  "revoke succeeds once, keeps the first revokedAt, and is false for an unknown key": async ({ store }) => {
    const record = createTestKeyRecord({ keyId: "key_r" });
    const other = createTestKeyRecord({ keyId: "key_other" });
    await store.create(record);
    await store.create(other);
    expect(await store.revoke("key_r", DAY_1)).toBe(true);
    expect(await store.revoke("key_r", DAY_2)).toBe(false);
    expect(await store.revoke("key_missing", DAY_2)).toBe(false);
    expect(await store.get("key_missing")).toBeNull();

    // Only revokedAt changed, and both lookups see it.
    const revoked = { ...record, revokedAt: DAY_1 };
    expect(await store.get("key_r")).toStrictEqual(revoked);
    expect(await store.findByHash(record.hash)).toStrictEqual(revoked);
    expect(await store.get("key_other")).toStrictEqual(other);
  },

  "a key created already revoked keeps its revokedAt and cannot be revoked again": async ({ store }) => {
    const record = createTestKeyRecord({ keyId: "key_pre", revokedAt: DAY_1 });
    expect(await store.create(record)).toBe(true);
    expect(await store.revoke("key_pre", DAY_2)).toBe(false);
    expect(await store.get("key_pre")).toStrictEqual(record);
    expect(await store.findByHash(record.hash)).toStrictEqual(record);
  },

  "records come back deep-equal: every field, nulls, empty and full scope lists, unicode": async ({ store }) => {
    const records = [
      createTestKeyRecord({ keyId: "key_ro" }),
      createTestKeyRecord({
        keyId: "key_support",
        tokenPrefix: "svc_abcdef",
        name: 'Ops — ünïcode ✓ "quoted" \\ back',
        scopes: ["scan:read", "scan:create", "mcp", "pulse:read", "pulse:scan"],
        kind: "support",
        createdAt: "2026-01-01T00:00:00.000Z",
        expiresAt: "2027-01-01T00:00:00.000Z",
      }),
      // An empty list must stay a list (not become an object, or disappear).
      createTestKeyRecord({ keyId: "key_none", scopes: [], name: "" }),
      createTestKeyRecord({ keyId: "key:with/odd*chars?[x]", hash: testKeyHash("odd") }),
      createTestKeyRecord({ keyId: "key_owned", ownerId: "acct_0f3a" }),
    ];
    for (const record of records) expect(await store.create(record)).toBe(true);
    for (const record of records) {
      expect(await store.get(record.keyId)).toStrictEqual(record);
      expect(await store.findByHash(record.hash)).toStrictEqual(record);
    }
    await store.revoke("key_none", DAY_1);
    expect(await store.get("key_none")).toStrictEqual({ ...records[2], revokedAt: DAY_1 });
  },

  "records are copies: mutating an argument or a returned object does not change the store": async ({ store }) => {
    const record = createTestKeyRecord({ keyId: "key_copy" });
    const original = structuredClone(record);
    await store.create(record);
    record.scopes.push("scan:create");
    record.name = "changed";
    record.revokedAt = DAY_1;

    const first = (await store.get("key_copy"))!;
    expect(first).toStrictEqual(original);
    first.scopes.length = 0;
    first.kind = "support";
    const second = (await store.findByHash(original.hash))!;
    expect(second).toStrictEqual(original);
    second.revokedAt = DAY_2;
    expect(await store.get("key_copy")).toStrictEqual(original);
    // The store still sees the key as not revoked.
    expect(await store.revoke("key_copy", DAY_1)).toBe(true);
  },

  "closes idempotently": async ({ store }) => {
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  },
} satisfies Record<string, KeyStoreCase>;
