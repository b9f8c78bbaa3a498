import type { KeyvStorageAdapter } from "keyv";
import { BASIC_KEYV_STORE_CASES } from "./basic-keyv-store-cases.js";
import { CONCURRENT_KEYV_STORE_CASES } from "./concurrent-keyv-store-cases.js";
import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { DURABLE_KEYV_STORE_CASES } from "./durable-keyv-store-cases.js";
import { EXPIRY_KEYV_STORE_CASES } from "./expiry-keyv-store-cases.js";
import type { KeyvStoreCase } from "./keyv-store-case.js";
import { NAMESPACE_KEYV_STORE_CASES } from "./namespace-keyv-store-cases.js";

/** Every case of the keyv store conformance suite, by title (the durable ones run only for durable stores). */
export const KEYV_STORE_CASES = {
  ...BASIC_KEYV_STORE_CASES,
  ...EXPIRY_KEYV_STORE_CASES,
  ...NAMESPACE_KEYV_STORE_CASES,
  ...CONCURRENT_KEYV_STORE_CASES,
  ...DURABLE_KEYV_STORE_CASES,
} satisfies Record<string, KeyvStoreCase>;

export type KeyvStoreCaseName = keyof typeof KEYV_STORE_CASES;
/** Opens an adapter without a keyv namespace; the suite's `namespace` is which entries (file, key prefix) it reaches. */
export type KeyvStoreFactory = StoreFactory<KeyvStorageAdapter>;
export type DescribeKeyvStoreOptions = DescribeDurableSuiteOptions<KeyvStoreCaseName>;

/** An adapter with the `close()` the shared conformance runner calls: keyv's `disconnect()`. */
interface KeyvHandle {
  readonly adapter: KeyvStorageAdapter;
  close(): Promise<void>;
}

/**
 * The conformance suite of a keyv 6 storage adapter: registers one vitest test per case for the adapter
 * `factory` makes. Cases call the adapter directly and through `new Keyv({ store })`; every test gets
 * entries of its own and disconnects every adapter it opened.
 */
export function describeKeyvStore(name: string, factory: KeyvStoreFactory, options: DescribeKeyvStoreOptions = {}): void {
  describeDurableSuite<KeyvHandle, KeyvStoreCase>({
    suite: `keyv store conformance: ${name}`,
    cases: KEYV_STORE_CASES,
    durableOnly: DURABLE_KEYV_STORE_CASES,
    namespacePrefix: "keyv",
    factory: async (input) => {
      const adapter = await factory(input);
      return { adapter, close: async () => await adapter.disconnect?.() };
    },
    options,
    run: (testCase, { store, peer, reopen }) =>
      testCase({ store: store.adapter, peer: async () => (await peer()).adapter, reopen: async () => (await reopen()).adapter }),
  });
}
