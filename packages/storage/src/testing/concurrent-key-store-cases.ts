import type { KeyStore } from "@public-scan/core";
import { expect } from "vitest";
import { createTestKeyRecord, testKeyHash } from "./create-test-key-record.js";
import type { KeyStoreCase } from "./key-store-case.js";

const WRITERS = 20;
const HANDLES = 4;

async function handles(store: KeyStore, peer: () => Promise<KeyStore>): Promise<KeyStore[]> {
  const more = await Promise.all(Array.from({ length: HANDLES - 1 }, () => peer()));
  return [store, ...more];
}

/** Many writers at once, spread over several handles when the store is durable (connections or file handles). */
export const CONCURRENT_KEY_STORE_CASES = {
  [`exactly one of ${WRITERS} concurrent creates of one keyId succeeds, and only its hash is indexed`]: async ({ store, peer }) => {
    const stores = await handles(store, peer);
    const records = Array.from({ length: WRITERS }, (_, worker) =>
      createTestKeyRecord({ keyId: "key_race", hash: testKeyHash(`token_${worker}`), name: `worker_${worker}` }),
    );
    const results = await Promise.all(records.map((record, worker) => stores[worker % HANDLES]!.create(record)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = records[results.indexOf(true)]!;
    expect(await store.get("key_race")).toStrictEqual(winner);
    for (const record of records) expect(await store.findByHash(record.hash)).toStrictEqual(record === winner ? winner : null);
  },

  [`exactly one of ${WRITERS} concurrent creates with one hash succeeds`]: async ({ store, peer }) => {
    const stores = await handles(store, peer);
    const hash = testKeyHash("one token");
    const records = Array.from({ length: WRITERS }, (_, worker) => createTestKeyRecord({ keyId: `key_hash_race_${worker}`, hash }));
    const results = await Promise.all(records.map((record, worker) => stores[worker % HANDLES]!.create(record)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = records[results.indexOf(true)]!;
    expect(await store.findByHash(hash)).toStrictEqual(winner);
    for (const record of records) expect(await store.get(record.keyId)).toStrictEqual(record === winner ? winner : null);
  },

  [`exactly one of ${WRITERS} concurrent revokes of one key succeeds, and its time is kept`]: async ({ store, peer }) => {
    const record = createTestKeyRecord({ keyId: "key_revoke_race" });
    await store.create(record);
    const stores = await handles(store, peer);
    const times = Array.from({ length: WRITERS }, (_, worker) => new Date(Date.UTC(2026, 10, 24, 0, worker)).toISOString());
    const results = await Promise.all(times.map((at, worker) => stores[worker % HANDLES]!.revoke("key_revoke_race", at)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await store.get("key_revoke_race")).toStrictEqual({ ...record, revokedAt: times[results.indexOf(true)] });
  },
} satisfies Record<string, KeyStoreCase>;
