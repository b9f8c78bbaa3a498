import type { KeyStore } from "@public-scan/core";

export interface KeyStoreCaseContext {
  /** A fresh store for this case, with keys no other case sees. */
  readonly store: KeyStore;
  /**
   * Another handle onto the same keys (a new connection or file handle) when the store is durable;
   * otherwise `store` itself. The suite closes every handle after the case.
   */
  readonly peer: () => Promise<KeyStore>;
  /** Closes every handle opened so far and opens the store again on the same keys (durable stores only). */
  readonly reopen: () => Promise<KeyStore>;
}

/** One conformance case: throws (a failed `expect`) when the store does not conform. */
export type KeyStoreCase = (context: KeyStoreCaseContext) => Promise<void>;
