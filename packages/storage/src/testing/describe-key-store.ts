import type { KeyStore } from "@public-scan/core";
import { BASIC_KEY_STORE_CASES } from "./basic-key-store-cases.js";
import { CONCURRENT_KEY_STORE_CASES } from "./concurrent-key-store-cases.js";
import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { DURABLE_KEY_STORE_CASES } from "./durable-key-store-cases.js";
import type { KeyStoreCase } from "./key-store-case.js";
import { OWNER_KEY_STORE_CASES } from "./owner-key-store-cases.js";

/** Every case of the KeyStore conformance suite, by title (the durable ones run only for durable stores). */
export const KEY_STORE_CASES = {
  ...BASIC_KEY_STORE_CASES,
  ...OWNER_KEY_STORE_CASES,
  ...CONCURRENT_KEY_STORE_CASES,
  ...DURABLE_KEY_STORE_CASES,
} satisfies Record<string, KeyStoreCase>;

export type KeyStoreCaseName = keyof typeof KEY_STORE_CASES;
export type KeyStoreFactory = StoreFactory<KeyStore>;
export type DescribeKeyStoreOptions = DescribeDurableSuiteOptions<KeyStoreCaseName>;

/**
 * The KeyStore conformance suite: registers one vitest test per case for the store `factory` makes. Every
 * test gets a fresh namespace and closes every handle it opened.
 */
export function describeKeyStore(name: string, factory: KeyStoreFactory, options: DescribeKeyStoreOptions = {}): void {
  describeDurableSuite<KeyStore, KeyStoreCase>({
    suite: `KeyStore conformance: ${name}`,
    cases: KEY_STORE_CASES,
    durableOnly: DURABLE_KEY_STORE_CASES,
    namespacePrefix: "keys",
    factory,
    options,
    run: (testCase, { store, peer, reopen }) => testCase({ store, peer, reopen }),
  });
}
