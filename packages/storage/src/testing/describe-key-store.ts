import type { KeyStore } from "@public-scan/core";
import { BASIC_KEY_STORE_CASES } from "./basic-key-store-cases.js";
import { CONCURRENT_KEY_STORE_CASES } from "./concurrent-key-store-cases.js";
import { describeConformance } from "./describe-conformance.js";
import { toDurableHandles } from "./to-durable-handles.js";
import { DURABLE_KEY_STORE_CASES } from "./durable-key-store-cases.js";
import type { KeyStoreCase } from "./key-store-case.js";

/** Every case of the KeyStore conformance suite, by title (the durable ones run only for durable stores). */
export const KEY_STORE_CASES = {
  ...BASIC_KEY_STORE_CASES,
  ...CONCURRENT_KEY_STORE_CASES,
  ...DURABLE_KEY_STORE_CASES,
} satisfies Record<string, KeyStoreCase>;

export type KeyStoreCaseName = keyof typeof KEY_STORE_CASES;

/**
 * Opens a store. Calls with the same `namespace` must reach the same keys when the store is durable (same
 * file, same key prefix); different namespaces must never share keys.
 */
export type KeyStoreFactory = (input: { namespace: string }) => KeyStore | Promise<KeyStore>;

export interface DescribeKeyStoreOptions {
  /**
   * The store keeps its keys when every handle is closed, and several handles on one namespace share them:
   * the concurrency cases then spread writers over several handles, and the reopen case runs.
   */
  readonly durable?: boolean;
  /** Cases this implementation knowingly fails, each with the reason; they are reported as skipped. */
  readonly knownGaps?: Partial<Record<KeyStoreCaseName, string>>;
}

const DURABLE_ONLY = new Set<string>(Object.keys(DURABLE_KEY_STORE_CASES));

/**
 * The KeyStore conformance suite: registers one vitest test per case for the store `factory` makes. Every
 * test gets a fresh namespace and closes every handle it opened.
 */
export function describeKeyStore(name: string, factory: KeyStoreFactory, options: DescribeKeyStoreOptions = {}): void {
  const durable = options.durable ?? false;
  describeConformance<KeyStore, KeyStoreCase>({
    suite: `KeyStore conformance: ${name}`,
    cases: KEY_STORE_CASES,
    ...(options.knownGaps ? { knownGaps: options.knownGaps } : {}),
    // A store that forgets on close has nothing to prove in the durable cases: not a gap, so not listed.
    applies: (title) => durable || !DURABLE_ONLY.has(title),
    namespacePrefix: "keys",
    factory,
    run: (testCase, handles) => testCase({ store: handles.store, ...toDurableHandles(durable, handles) }),
  });
}
