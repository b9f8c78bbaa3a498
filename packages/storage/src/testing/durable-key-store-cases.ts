import { expect } from "vitest";
import { createTestKeyRecord, testKeyHash } from "./create-test-key-record.js";
import type { KeyStoreCase } from "./key-store-case.js";

/** Run only for stores declared durable: what was written is there after every handle closed. */
export const DURABLE_KEY_STORE_CASES = {
  "keys and revocations survive close and reopen": async ({ store, reopen }) => {
    const live = createTestKeyRecord({ keyId: "key_keep1", ownerId: "acct_1", createdAt: "2026-11-23T11:00:00.000Z" });
    const revoked = createTestKeyRecord({ keyId: "key_keep2", scopes: [], ownerId: "acct_1" });
    for (const record of [live, revoked]) await store.create(record);
    await store.revoke("key_keep2", "2026-11-24T00:00:00.000Z");

    const reopened = await reopen();
    expect(await reopened.findByHash(live.hash)).toStrictEqual(live);
    expect(await reopened.get("key_keep2")).toStrictEqual({ ...revoked, revokedAt: "2026-11-24T00:00:00.000Z" });
    expect(await reopened.listByOwner("acct_1")).toStrictEqual([live, { ...revoked, revokedAt: "2026-11-24T00:00:00.000Z" }]);
    // Create-once and revoke-once hold against what was stored before.
    expect(await reopened.create(createTestKeyRecord({ keyId: "key_keep1", hash: testKeyHash("new") }))).toBe(false);
    expect(await reopened.create(createTestKeyRecord({ keyId: "key_keep3", hash: live.hash }))).toBe(false);
    expect(await reopened.revoke("key_keep2", "2026-11-25T00:00:00.000Z")).toBe(false);
    expect(await reopened.revoke("key_keep1", "2026-11-25T00:00:00.000Z")).toBe(true);
  },
} satisfies Record<string, KeyStoreCase>;
