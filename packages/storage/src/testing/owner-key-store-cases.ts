import { expect } from "vitest";
import { createTestKeyRecord, testKeyHash } from "./create-test-key-record.js";
import type { KeyStoreCase } from "./key-store-case.js";

const at = (day: number) => new Date(Date.UTC(2026, 10, day)).toISOString();

/** Keys that belong to an account: `listByOwner`, for a dashboard that lists and revokes its own keys. */
export const OWNER_KEY_STORE_CASES = {
  "listByOwner lists only that owner's keys, newest first (then keyId), revoked ones included with their revokedAt": async ({ store }) => {
    // Created in an order that is neither creation order nor keyId order, with a tie on createdAt.
    const old = createTestKeyRecord({ keyId: "key_c_old", ownerId: "acct_1", createdAt: at(1) });
    const newest = createTestKeyRecord({ keyId: "key_a_new", ownerId: "acct_1", createdAt: at(3) });
    const tieLow = createTestKeyRecord({ keyId: "key_b_tie", ownerId: "acct_1", createdAt: at(2) });
    const tieHigh = createTestKeyRecord({ keyId: "key_d_tie", ownerId: "acct_1", createdAt: at(2) });
    const other = createTestKeyRecord({ keyId: "key_other", ownerId: "acct_2", createdAt: at(4) });
    const support = createTestKeyRecord({ keyId: "key_support", kind: "support", createdAt: at(5) });
    for (const record of [tieLow, old, support, newest, other, tieHigh]) expect(await store.create(record)).toBe(true);
    expect(await store.revoke("key_b_tie", at(6))).toBe(true);

    expect(await store.listByOwner("acct_1")).toStrictEqual([newest, tieHigh, { ...tieLow, revokedAt: at(6) }, old]);
    expect(await store.listByOwner("acct_2")).toStrictEqual([other]);
  },

  "listByOwner is empty for an unknown owner, and never lists keys without an owner": async ({ store }) => {
    expect(await store.listByOwner("acct_unknown")).toStrictEqual([]);
    await store.create(createTestKeyRecord({ keyId: "key_unowned", kind: "support" }));
    await store.create(createTestKeyRecord({ keyId: "key_owned", ownerId: "acct_1" }));
    expect(await store.listByOwner("acct_unknown")).toStrictEqual([]);
    // A null owner is not a value: neither its spellings nor the empty id find the unowned key.
    for (const ownerId of ["", "null", "undefined", "acct_"]) expect(await store.listByOwner(ownerId), ownerId).toStrictEqual([]);
    expect((await store.listByOwner("acct_1")).map((record) => record.keyId)).toStrictEqual(["key_owned"]);
  },

  "a refused create never lists its key under its owner, and owners are matched whole": async ({ store }) => {
    const first = createTestKeyRecord({ keyId: "key_first", ownerId: "acct_1" });
    expect(await store.create(first)).toBe(true);
    // Same keyId, or same token hash, under another owner: refused, and not indexed under that owner.
    expect(await store.create(createTestKeyRecord({ keyId: "key_first", hash: testKeyHash("x"), ownerId: "acct_2" }))).toBe(false);
    expect(await store.create(createTestKeyRecord({ keyId: "key_second", hash: first.hash, ownerId: "acct_2" }))).toBe(false);
    expect(await store.listByOwner("acct_2")).toStrictEqual([]);
    // Owner ids with pattern characters match only themselves.
    const odd = createTestKeyRecord({ keyId: "key_odd", ownerId: "acct_*%_'ü" });
    expect(await store.create(odd)).toBe(true);
    expect(await store.listByOwner("acct_*%_'ü")).toStrictEqual([odd]);
    expect(await store.listByOwner("acct_*")).toStrictEqual([]);
    expect(await store.listByOwner("acct_%")).toStrictEqual([]);
    expect(await store.listByOwner("acct_1")).toStrictEqual([first]);
  },

  "listByOwner returns copies: mutating them does not change the store": async ({ store }) => {
    const record = createTestKeyRecord({ keyId: "key_mine", ownerId: "acct_1" });
    await store.create(record);
    const [listed] = await store.listByOwner("acct_1");
    listed!.revokedAt = at(9);
    listed!.ownerId = "acct_2";
    listed!.scopes.length = 0;
    expect(await store.get("key_mine")).toStrictEqual(record);
    expect(await store.listByOwner("acct_1")).toStrictEqual([record]);
    expect(await store.revoke("key_mine", at(9))).toBe(true);
  },
} satisfies Record<string, KeyStoreCase>;
