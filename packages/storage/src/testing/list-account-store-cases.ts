import type { AccountRecord, AccountStore } from "@public-scan/core";
import { expect } from "vitest";
import type { AccountStoreCase } from "./account-store-case.js";
import { createTestAccountRecord } from "./create-test-account-record.js";

const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour)).toISOString();

/**
 * Created in an order that is neither creation order nor id order, with ties on createdAt, so a store that
 * lists by insertion, by id alone or by time alone answers differently.
 */
const ACCOUNTS: ReadonlyArray<[accountId: string, hour: number]> = [
  ["acct_m", 2],
  ["acct_b", 1],
  ["acct_z", 1],
  ["acct_a", 3],
  ["acct_k", 2],
  ["acct_c", 0],
  ["acct_y", 2],
];
/** The order `list` must give: createdAt, then accountId. */
const ORDER = ["acct_c", "acct_b", "acct_z", "acct_k", "acct_m", "acct_y", "acct_a"];

async function seed(store: AccountStore): Promise<Map<string, AccountRecord>> {
  const records = new Map<string, AccountRecord>();
  for (const [accountId, hour] of ACCOUNTS) {
    const record = createTestAccountRecord({ accountId, createdAt: at(hour) });
    expect(await store.create(record)).toBe(true);
    records.set(accountId, record);
  }
  return records;
}

const ids = (page: AccountRecord[]) => page.map((record) => record.accountId);

/** Listing for operators: creation order then id, pages after a cursor, bounded by the limit. */
export const LIST_ACCOUNT_STORE_CASES = {
  "list gives every account in creation order, then id, as whole records": async ({ store }) => {
    expect(await store.list({ limit: 10 })).toStrictEqual([]);
    const records = await seed(store);
    expect(await store.list({ limit: 100 })).toStrictEqual(ORDER.map((accountId) => records.get(accountId)));
  },

  "list pages through with a cursor and a limit: no account twice, none left out, ties split by id": async ({ store }) => {
    await seed(store);
    const pages: string[][] = [];
    let after: string | undefined;
    for (let guard = 0; guard < 10; guard += 1) {
      const page = ids(await store.list(after === undefined ? { limit: 3 } : { after, limit: 3 }));
      if (page.length === 0) break;
      pages.push(page);
      after = page.at(-1);
    }
    expect(pages).toStrictEqual([ORDER.slice(0, 3), ORDER.slice(3, 6), ORDER.slice(6)]);
    // A cursor inside a group of equal createdAt continues with the rest of the group.
    expect(ids(await store.list({ after: "acct_k", limit: 2 }))).toStrictEqual(["acct_m", "acct_y"]);
    expect(ids(await store.list({ after: "acct_b", limit: 1 }))).toStrictEqual(["acct_z"]);
    // The same request gives the same page.
    expect(ids(await store.list({ after: "acct_z", limit: 3 }))).toStrictEqual(ids(await store.list({ after: "acct_z", limit: 3 })));
  },

  "list is empty past the last account, for an unknown cursor and for a limit of 0 or less": async ({ store }) => {
    await seed(store);
    expect(await store.list({ after: "acct_a", limit: 10 })).toStrictEqual([]);
    // An unknown cursor must not restart from the first account: an operator's loop would never end.
    expect(await store.list({ after: "acct_missing", limit: 10 })).toStrictEqual([]);
    expect(await store.list({ limit: 0 })).toStrictEqual([]);
    expect(await store.list({ after: "acct_c", limit: 0 })).toStrictEqual([]);
    expect(await store.list({ limit: -1 })).toStrictEqual([]);
    expect(ids(await store.list({ limit: 1 }))).toStrictEqual(["acct_c"]);
  },

  "a cursor is a position, not an offset: accounts created meanwhile land where their time puts them": async ({ store }) => {
    await seed(store);
    const first = ids(await store.list({ limit: 2 }));
    expect(first).toStrictEqual(["acct_c", "acct_b"]);
    // Created after the first page was read: one before the cursor, one tied with it, one after everything.
    const early = createTestAccountRecord({ accountId: "acct_early", createdAt: at(0) });
    const tied = createTestAccountRecord({ accountId: "acct_ba", createdAt: at(1) });
    const late = createTestAccountRecord({ accountId: "acct_late", createdAt: at(4) });
    for (const record of [early, tied, late]) expect(await store.create(record)).toBe(true);
    await store.markEmailVerified("acct_z", at(5));

    const rest = await store.list({ after: "acct_b", limit: 100 });
    expect(ids(rest)).toStrictEqual(["acct_ba", ...ORDER.slice(2), "acct_late"]);
    // Pages show the records as they are now.
    expect(rest.find((record) => record.accountId === "acct_z")?.emailVerifiedAt).toBe(at(5));
    expect(ids(await store.list({ limit: 100 }))).toStrictEqual([
      "acct_c",
      "acct_early",
      "acct_b",
      "acct_ba",
      ...ORDER.slice(2),
      "acct_late",
    ]);
  },
} satisfies Record<string, AccountStoreCase>;
