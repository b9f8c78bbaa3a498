import { expect } from "vitest";
import type { AccountStoreCase } from "./account-store-case.js";
import { createTestAccountRecord } from "./create-test-account-record.js";

const DAY_1 = "2026-11-24T00:00:00.000Z";
const DAY_2 = "2026-11-25T00:00:00.000Z";

/** Run only for stores declared durable: what was written is there after every handle closed. */
export const DURABLE_ACCOUNT_STORE_CASES = {
  "accounts and their verification, password and disablement survive close and reopen": async ({ store, reopen }) => {
    const plain = createTestAccountRecord({ accountId: "acct_keep1", createdAt: "2026-11-23T12:00:00.000Z" });
    const changed = createTestAccountRecord({ accountId: "acct_keep2", email: " Keep2@Example.TEST", scopes: [] });
    for (const record of [plain, changed]) await store.create(record);
    await store.markEmailVerified("acct_keep2", DAY_1);
    await store.setPasswordHash("acct_keep2", "scrypt$rehashed");
    await store.disable("acct_keep2", DAY_1);

    const reopened = await reopen();
    const expected = {
      ...changed,
      email: "keep2@example.test",
      emailVerifiedAt: DAY_1,
      passwordHash: "scrypt$rehashed",
      disabledAt: DAY_1,
    };
    expect(await reopened.get("acct_keep1")).toStrictEqual(plain);
    expect(await reopened.findByEmail("KEEP2@example.test")).toStrictEqual(expected);
    expect(await reopened.list({ limit: 10 })).toStrictEqual([expected, plain]);
    expect(await reopened.list({ after: "acct_keep2", limit: 10 })).toStrictEqual([plain]);
    // Create-once and the one-time transitions hold against what was stored before.
    expect(await reopened.create(createTestAccountRecord({ accountId: "acct_keep1", email: "new@example.test" }))).toBe(false);
    expect(await reopened.create(createTestAccountRecord({ accountId: "acct_keep3", email: "keep2@EXAMPLE.test" }))).toBe(false);
    expect(await reopened.markEmailVerified("acct_keep2", DAY_2)).toBe(false);
    expect(await reopened.disable("acct_keep2", DAY_2)).toBe(false);
    expect(await reopened.markEmailVerified("acct_keep1", DAY_2)).toBe(true);
  },

  "scopes an operator set survive close and reopen; an account never set keeps the scopes it was created with": async ({
    store,
    reopen,
  }) => {
    const granted = createTestAccountRecord({ accountId: "acct_granted" });
    const untouched = createTestAccountRecord({ accountId: "acct_untouched", scopes: ["scan:read", "mcp", "pulse:read"] });
    const emptied = createTestAccountRecord({ accountId: "acct_emptied" });
    for (const record of [granted, untouched, emptied]) await store.create(record);
    await store.setScopes("acct_granted", ["scan:create", "scan:read", "mcp"]);
    await store.setScopes("acct_emptied", []);

    const reopened = await reopen();
    expect(await reopened.get("acct_granted")).toStrictEqual({ ...granted, scopes: ["scan:read", "scan:create", "mcp"] });
    expect(await reopened.get("acct_untouched")).toStrictEqual(untouched);
    expect(await reopened.findByEmail(emptied.email)).toStrictEqual({ ...emptied, scopes: [] });
    expect(await reopened.setScopes("acct_emptied", ["mcp"])).toBe(true);
    expect(await reopened.get("acct_emptied")).toStrictEqual({ ...emptied, scopes: ["mcp"] });
  },
} satisfies Record<string, AccountStoreCase>;
