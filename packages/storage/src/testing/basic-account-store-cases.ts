import { expect } from "vitest";
import type { AccountStoreCase } from "./account-store-case.js";
import { createTestAccountRecord } from "./create-test-account-record.js";

const DAY_1 = "2026-11-24T00:00:00.000Z";
const DAY_2 = "2026-11-25T00:00:00.000Z";

/** Create-once on both the id and the email, lookups, the updates, faithful copies, close. */
export const BASIC_ACCOUNT_STORE_CASES = {
  "an unknown account is null to every lookup and false to every update, which create nothing": async ({ store }) => {
    expect(await store.get("acct_missing")).toBeNull();
    expect(await store.findByEmail("missing@example.test")).toBeNull();
    expect(await store.markEmailVerified("acct_missing", DAY_1)).toBe(false);
    expect(await store.setPasswordHash("acct_missing", "scrypt$new")).toBe(false);
    expect(await store.setScopes("acct_missing", ["scan:read", "scan:create"])).toBe(false);
    expect(await store.disable("acct_missing", DAY_1)).toBe(false);
    // An update must not have written a partial record (an upsert) on the way.
    expect(await store.get("acct_missing")).toBeNull();
    expect(await store.list({ limit: 10 })).toStrictEqual([]);
  },

  "create stores an account once: a second create with its id is refused and changes nothing": async ({ store }) => {
    const record = createTestAccountRecord({ accountId: "acct_a" });
    expect(await store.create(record)).toBe(true);
    expect(await store.get("acct_a")).toStrictEqual(record);
    expect(await store.findByEmail(record.email)).toStrictEqual(record);

    // Same id, another email: refused, the stored record kept, and the new email not indexed.
    const sameId = createTestAccountRecord({ accountId: "acct_a", email: "other@example.test", passwordHash: "scrypt$other" });
    expect(await store.create(sameId)).toBe(false);
    expect(await store.get("acct_a")).toStrictEqual(record);
    expect(await store.findByEmail("other@example.test")).toBeNull();
    // An identical retry is refused too.
    expect(await store.create(record)).toBe(false);
    expect(await store.list({ limit: 10 })).toStrictEqual([record]);
  },

  "create refuses a second account for a taken email, and leaves the first as it was": async ({ store }) => {
    const first = createTestAccountRecord({ accountId: "acct_first", email: "shared@example.test" });
    expect(await store.create(first)).toBe(true);
    const second = createTestAccountRecord({ accountId: "acct_second", email: "shared@example.test", createdAt: DAY_1 });
    expect(await store.create(second)).toBe(false);
    expect(await store.get("acct_second")).toBeNull();
    expect(await store.findByEmail("shared@example.test")).toStrictEqual(first);
    expect(await store.list({ limit: 10 })).toStrictEqual([first]);
  },

  "get and findByEmail find each account by its own id and email only": async ({ store }) => {
    const accounts = ["acct_1", "acct_2", "acct_3"].map((accountId) => createTestAccountRecord({ accountId }));
    for (const record of accounts) expect(await store.create(record)).toBe(true);
    for (const record of accounts) {
      expect(await store.get(record.accountId)).toStrictEqual(record);
      expect(await store.findByEmail(record.email)).toStrictEqual(record);
    }
    // An email is looked up whole: not by prefix or suffix, and an id is not an email (nor the reverse).
    expect(await store.findByEmail("acct_1")).toBeNull();
    expect(await store.findByEmail("acct_1@example")).toBeNull();
    expect(await store.findByEmail("cct_1@example.test")).toBeNull();
    expect(await store.get(accounts[0]!.email)).toBeNull();
  },

  "markEmailVerified succeeds once and keeps the first time; an account created verified stays as it was": async ({ store }) => {
    const record = createTestAccountRecord({ accountId: "acct_v" });
    const other = createTestAccountRecord({ accountId: "acct_other" });
    const preverified = createTestAccountRecord({ accountId: "acct_pre", emailVerifiedAt: DAY_1 });
    for (const account of [record, other, preverified]) await store.create(account);

    expect(await store.markEmailVerified("acct_v", DAY_1)).toBe(true);
    expect(await store.markEmailVerified("acct_v", DAY_2)).toBe(false);
    expect(await store.markEmailVerified("acct_pre", DAY_2)).toBe(false);

    const verified = { ...record, emailVerifiedAt: DAY_1 };
    expect(await store.get("acct_v")).toStrictEqual(verified);
    expect(await store.findByEmail(record.email)).toStrictEqual(verified);
    expect(await store.get("acct_pre")).toStrictEqual(preverified);
    expect(await store.get("acct_other")).toStrictEqual(other);
  },

  "disable succeeds once and keeps the first time, whatever the verification": async ({ store }) => {
    const record = createTestAccountRecord({ accountId: "acct_d" });
    const predisabled = createTestAccountRecord({ accountId: "acct_gone", disabledAt: DAY_1 });
    await store.create(record);
    await store.create(predisabled);

    expect(await store.disable("acct_d", DAY_1)).toBe(true);
    expect(await store.disable("acct_d", DAY_2)).toBe(false);
    expect(await store.disable("acct_gone", DAY_2)).toBe(false);
    // Disabling is not verifying, and a disabled account's verification is still recorded (the port's rule).
    expect(await store.get("acct_d")).toStrictEqual({ ...record, disabledAt: DAY_1 });
    expect(await store.markEmailVerified("acct_d", DAY_2)).toBe(true);
    expect(await store.findByEmail(record.email)).toStrictEqual({ ...record, disabledAt: DAY_1, emailVerifiedAt: DAY_2 });
    expect(await store.get("acct_gone")).toStrictEqual(predisabled);
  },

  "setPasswordHash replaces the hash every time and changes nothing else": async ({ store }) => {
    const record = createTestAccountRecord({ accountId: "acct_p", emailVerifiedAt: DAY_1, disabledAt: DAY_2 });
    const other = createTestAccountRecord({ accountId: "acct_q" });
    await store.create(record);
    await store.create(other);
    expect(await store.setPasswordHash("acct_p", "scrypt$N=32768,r=8,p=1$bmV3$bmV3aGFzaA")).toBe(true);
    expect(await store.get("acct_p")).toStrictEqual({ ...record, passwordHash: "scrypt$N=32768,r=8,p=1$bmV3$bmV3aGFzaA" });
    // Setting the same hash again is still a success: it is a replacement, not a transition.
    expect(await store.setPasswordHash("acct_p", "scrypt$third")).toBe(true);
    expect(await store.setPasswordHash("acct_p", "scrypt$third")).toBe(true);
    expect(await store.findByEmail(record.email)).toStrictEqual({ ...record, passwordHash: "scrypt$third" });
    expect(await store.get("acct_q")).toStrictEqual(other);
  },

  "records come back deep-equal: every field, nulls, empty and full scope lists, after every update": async ({ store }) => {
    const records = [
      createTestAccountRecord({ accountId: "acct_plain" }),
      createTestAccountRecord({
        accountId: "acct_full",
        scopes: ["scan:read", "scan:create", "mcp", "pulse:read", "pulse:scan"],
        emailVerifiedAt: "2026-01-01T00:00:00.000Z",
        disabledAt: "2026-02-01T00:00:00.000Z",
        createdAt: "2025-12-31T23:59:59.999Z",
      }),
      // An empty list must stay a list (not become an object, or disappear), also once the record changed.
      createTestAccountRecord({ accountId: "acct_none", scopes: [], passwordHash: "" }),
      createTestAccountRecord({ accountId: "acct:with/odd*chars?[x]", email: "odd@example.test" }),
    ];
    for (const record of records) expect(await store.create(record)).toBe(true);
    for (const record of records) {
      expect(await store.get(record.accountId)).toStrictEqual(record);
      expect(await store.findByEmail(record.email)).toStrictEqual(record);
    }
    await store.markEmailVerified("acct_none", DAY_1);
    await store.disable("acct_none", DAY_2);
    await store.setPasswordHash("acct_none", "scrypt$changed");
    const changed = { ...records[2]!, emailVerifiedAt: DAY_1, disabledAt: DAY_2, passwordHash: "scrypt$changed" };
    expect(await store.get("acct_none")).toStrictEqual(changed);
    expect((await store.list({ limit: 10 })).find((account) => account.accountId === "acct_none")).toStrictEqual(changed);
  },

  "records are copies: mutating an argument or a returned object does not change the store": async ({ store }) => {
    const record = createTestAccountRecord({ accountId: "acct_copy" });
    const original = structuredClone(record);
    await store.create(record);
    record.scopes.push("scan:create");
    record.email = "changed@example.test";
    record.emailVerifiedAt = DAY_1;
    record.disabledAt = DAY_1;

    const fromGet = (await store.get("acct_copy"))!;
    expect(fromGet).toStrictEqual(original);
    fromGet.scopes.length = 0;
    fromGet.passwordHash = "scrypt$mutated";
    const fromEmail = (await store.findByEmail(original.email))!;
    expect(fromEmail).toStrictEqual(original);
    fromEmail.emailVerifiedAt = DAY_2;
    const [fromList] = await store.list({ limit: 1 });
    expect(fromList).toStrictEqual(original);
    fromList!.disabledAt = DAY_2;
    fromList!.scopes.push("pulse:scan");

    expect(await store.get("acct_copy")).toStrictEqual(original);
    expect(await store.findByEmail("changed@example.test")).toBeNull();
    // The store still sees the account as unverified and enabled.
    expect(await store.markEmailVerified("acct_copy", DAY_1)).toBe(true);
    expect(await store.disable("acct_copy", DAY_1)).toBe(true);
  },

  "closes idempotently": async ({ store }) => {
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  },
} satisfies Record<string, AccountStoreCase>;
