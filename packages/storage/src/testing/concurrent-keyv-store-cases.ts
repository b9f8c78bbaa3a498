import type { KeyvStorageAdapter } from "keyv";
import { expect } from "vitest";
import type { KeyvStoreCase } from "./keyv-store-case.js";

const WRITERS = 20;
const HANDLES = 4;

async function handles(store: KeyvStorageAdapter, peer: () => Promise<KeyvStorageAdapter>): Promise<KeyvStorageAdapter[]> {
  const more = await Promise.all(Array.from({ length: HANDLES - 1 }, () => peer()));
  return [store, ...more];
}

/** Many writers at once, spread over several handles when the store is durable (connections or file handles). */
export const CONCURRENT_KEYV_STORE_CASES = {
  [`${WRITERS} concurrent sets of one key end with one of the written values, the same on every handle`]: async ({ store, peer }) => {
    const stores = await handles(store, peer);
    // Lengths differ, so a value pieced together from two writes is not any of them.
    const values = Array.from({ length: WRITERS }, (_, writer) => `writer ${writer}:${"x".repeat(writer * 997)}`);
    const results = await Promise.all(values.map((value, writer) => stores[writer % HANDLES]!.set("race", value)));
    expect(results).toStrictEqual(values.map(() => true));
    const final = await store.get("race");
    expect(values).toContain(final);
    for (const handle of stores) expect(await handle.get("race")).toBe(final);
  },

  [`${WRITERS} concurrent setMany batches of the same keys leave one whole batch, never a mix`]: async ({ store, peer }) => {
    const stores = await handles(store, peer);
    const keys = ["a", "b", "c", "d", "e"];
    await Promise.all(
      Array.from({ length: WRITERS }, (_, writer) =>
        stores[writer % HANDLES]!.setMany(keys.map((key) => ({ key, value: `writer ${writer}` }))),
      ),
    );
    const final = await store.getMany(keys);
    expect(new Set(final).size).toBe(1);
    expect(final[0]).toMatch(/^writer \d+$/);
  },

  "concurrent writes of different keys all land": async ({ store, peer }) => {
    const stores = await handles(store, peer);
    const keys = Array.from({ length: 50 }, (_, index) => `key ${index}`);
    await Promise.all(keys.map((key, index) => stores[index % HANDLES]!.set(key, `value ${index}`)));
    expect(await store.getMany(keys)).toStrictEqual(keys.map((_, index) => `value ${index}`));
  },
} satisfies Record<string, KeyvStoreCase>;
