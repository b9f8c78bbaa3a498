import type { AccountStore } from "@public-scan/core";
import { expect } from "vitest";
import type { AccountStoreCase } from "./account-store-case.js";
import { createTestAccountRecord } from "./create-test-account-record.js";

const WRITERS = 20;
const HANDLES = 4;

async function handles(store: AccountStore, peer: () => Promise<AccountStore>): Promise<AccountStore[]> {
  const more = await Promise.all(Array.from({ length: HANDLES - 1 }, () => peer()));
  return [store, ...more];
}

const minute = (worker: number) => new Date(Date.UTC(2026, 10, 24, 0, worker)).toISOString();

/** Many writers at once, spread over several handles when the store is durable (connections or file handles). */
export const CONCURRENT_ACCOUNT_STORE_CASES = {
  [`exactly one of ${WRITERS} concurrent sign-ups for one email succeeds, however it was typed`]: async ({ store, peer }) => {
    const stores = await handles(store, peer);
    // One address in several spellings: normalization must happen inside the atomic create, not around it.
    const spellings = ["race@example.test", "RACE@example.test", " race@Example.Test", "Race@EXAMPLE.TEST\t"];
    const records = Array.from({ length: WRITERS }, (_, worker) =>
      createTestAccountRecord({
        accountId: `acct_race_${worker}`,
        email: spellings[worker % spellings.length]!,
        createdAt: minute(worker),
      }),
    );
    const results = await Promise.all(records.map((record, worker) => stores[worker % HANDLES]!.create(record)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = { ...records[results.indexOf(true)]!, email: "race@example.test" };
    expect(await store.findByEmail("race@example.test")).toStrictEqual(winner);
    for (const record of records)
      expect(await store.get(record.accountId)).toStrictEqual(record.accountId === winner.accountId ? winner : null);
    expect(await store.list({ limit: 100 })).toStrictEqual([winner]);
  },

  [`exactly one of ${WRITERS} concurrent creates of one accountId succeeds, and only its email is indexed`]: async ({ store, peer }) => {
    const stores = await handles(store, peer);
    const records = Array.from({ length: WRITERS }, (_, worker) =>
      createTestAccountRecord({ accountId: "acct_id_race", email: `writer${worker}@example.test` }),
    );
    const results = await Promise.all(records.map((record, worker) => stores[worker % HANDLES]!.create(record)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = records[results.indexOf(true)]!;
    expect(await store.get("acct_id_race")).toStrictEqual(winner);
    for (const record of records) expect(await store.findByEmail(record.email)).toStrictEqual(record === winner ? winner : null);
  },

  [`exactly one of ${WRITERS} concurrent verifications and one of ${WRITERS} disables succeed, and their times are kept`]: async ({
    store,
    peer,
  }) => {
    const record = createTestAccountRecord({ accountId: "acct_flip" });
    await store.create(record);
    const stores = await handles(store, peer);
    const times = Array.from({ length: WRITERS }, (_, worker) => minute(worker));
    const [verified, disabled] = await Promise.all([
      Promise.all(times.map((at, worker) => stores[worker % HANDLES]!.markEmailVerified("acct_flip", at))),
      Promise.all(times.map((at, worker) => stores[(worker + 1) % HANDLES]!.disable("acct_flip", at))),
    ]);
    expect(verified.filter(Boolean)).toHaveLength(1);
    expect(disabled.filter(Boolean)).toHaveLength(1);
    expect(await store.get("acct_flip")).toStrictEqual({
      ...record,
      emailVerifiedAt: times[verified.indexOf(true)],
      disabledAt: times[disabled.indexOf(true)],
    });
  },
} satisfies Record<string, AccountStoreCase>;
