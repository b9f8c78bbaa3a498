import type { AccountStore, Scope } from "@public-scan/core";
import { expect } from "vitest";
import type { AccountStoreCase } from "./account-store-case.js";
import { createTestAccountRecord } from "./create-test-account-record.js";

const DAY_1 = "2026-11-24T00:00:00.000Z";
const DAY_2 = "2026-11-25T00:00:00.000Z";
const WRITERS = 20;

/** The same account through every read the port has, so a store that patches only one of them is caught. */
async function everyRead(store: AccountStore, accountId: string, email: string) {
  const fromList = (await store.list({ limit: 100 })).find((account) => account.accountId === accountId) ?? null;
  return [await store.get(accountId), await store.findByEmail(email), fromList];
}

/** `setScopes`: an operator's replacement of what an account may grant, stored normalized, never an upsert. */
export const SCOPES_ACCOUNT_STORE_CASES = {
  "setScopes replaces the scopes every time, each once in SCOPES order, and changes nothing else": async ({ store, peer }) => {
    const record = createTestAccountRecord({ accountId: "acct_s", emailVerifiedAt: DAY_1, disabledAt: DAY_2 });
    const other = createTestAccountRecord({ accountId: "acct_t" });
    await store.create(record);
    await store.create(other);

    // Out of order and with a repeat: stored as core's SCOPES list orders them, each once.
    expect(await store.setScopes("acct_s", ["mcp", "scan:create", "scan:read", "mcp"])).toBe(true);
    const granted = { ...record, scopes: ["scan:read", "scan:create", "mcp"] };
    expect(await everyRead(store, "acct_s", record.email)).toStrictEqual([granted, granted, granted]);
    // Another handle (another connection or file handle of a durable store) sees the change.
    expect(await (await peer()).get("acct_s")).toStrictEqual(granted);

    // A replacement, not an addition: setting fewer removes the rest, and the same set again is a success.
    expect(await store.setScopes("acct_s", ["pulse:scan", "scan:read"])).toBe(true);
    expect(await store.setScopes("acct_s", ["scan:read", "pulse:scan"])).toBe(true);
    const replaced = { ...record, scopes: ["scan:read", "pulse:scan"] };
    expect(await everyRead(store, "acct_s", record.email)).toStrictEqual([replaced, replaced, replaced]);
    // An empty list is stored as one (the accounts command refuses it; the port does not), and stays a list.
    expect(await store.setScopes("acct_s", [])).toBe(true);
    const none = { ...record, scopes: [] };
    expect(await everyRead(store, "acct_s", record.email)).toStrictEqual([none, none, none]);
    expect(await store.get("acct_t")).toStrictEqual(other);
  },

  "setScopes of a missing account is false and creates nothing": async ({ store }) => {
    await store.create(createTestAccountRecord({ accountId: "acct_here" }));
    expect(await store.setScopes("acct_missing", ["scan:read", "scan:create"])).toBe(false);
    expect(await store.setScopes("acct_missing", [])).toBe(false);
    expect(await store.get("acct_missing")).toBeNull();
    expect((await store.list({ limit: 10 })).map((account) => account.accountId)).toStrictEqual(["acct_here"]);
  },

  "setScopes rejects a scope outside SCOPES and changes nothing, not even the valid ones beside it": async ({ store }) => {
    const record = createTestAccountRecord({ accountId: "acct_bad" });
    await store.create(record);
    // Scopes are typed: only a caller that bypassed the types (input not validated) can pass these.
    for (const scopes of [["admin"], ["scan:create", "admin"], ["SCAN:READ"], ["scan:read "], [""]] as Scope[][]) {
      await expect(store.setScopes("acct_bad", scopes), JSON.stringify(scopes)).rejects.toThrow();
    }
    expect(await store.get("acct_bad")).toStrictEqual(record);
  },

  "setScopes and the other updates keep each other's changes": async ({ store }) => {
    const record = createTestAccountRecord({ accountId: "acct_mix" });
    await store.create(record);
    await store.markEmailVerified("acct_mix", DAY_1);
    expect(await store.setScopes("acct_mix", ["scan:read", "scan:create", "mcp"])).toBe(true);
    await store.setPasswordHash("acct_mix", "scrypt$changed");
    await store.disable("acct_mix", DAY_2);
    const expected = {
      ...record,
      emailVerifiedAt: DAY_1,
      scopes: ["scan:read", "scan:create", "mcp"],
      passwordHash: "scrypt$changed",
      disabledAt: DAY_2,
    };
    expect(await everyRead(store, "acct_mix", record.email)).toStrictEqual([expected, expected, expected]);
  },

  [`${WRITERS} concurrent setScopes beside the one-time updates lose nothing: one whole set, and both times`]: async ({ store, peer }) => {
    const record = createTestAccountRecord({ accountId: "acct_busy" });
    await store.create(record);
    const stores = [store, ...(await Promise.all([peer(), peer(), peer()]))];
    // Sets that differ, so a store that merges instead of replacing ends with a union no writer wrote.
    const sets: Scope[][] = Array.from({ length: WRITERS }, (_, worker) =>
      worker % 2 === 0 ? ["scan:read", "mcp", ...(worker % 4 === 0 ? (["pulse:read"] as const) : [])] : ["scan:create", "pulse:scan"],
    );
    const [written] = await Promise.all([
      Promise.all(sets.map((scopes, worker) => stores[worker % stores.length]!.setScopes("acct_busy", scopes))),
      stores[1 % stores.length]!.markEmailVerified("acct_busy", DAY_1),
      stores[2 % stores.length]!.disable("acct_busy", DAY_2),
    ]);
    expect(written.every(Boolean)).toBe(true);
    const stored = (await store.get("acct_busy"))!;
    // A store that rewrites the whole record to change the scopes loses a time written in between.
    expect({ ...stored, scopes: [] }).toStrictEqual({ ...record, emailVerifiedAt: DAY_1, disabledAt: DAY_2, scopes: [] });
    expect([
      ["scan:read", "mcp"],
      ["scan:read", "mcp", "pulse:read"],
      ["scan:create", "pulse:scan"],
    ]).toContainEqual(stored.scopes);
  },
} satisfies Record<string, AccountStoreCase>;
