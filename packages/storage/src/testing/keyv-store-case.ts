import type { KeyvStorageAdapter } from "keyv";

export interface KeyvStoreCaseContext {
  /** A fresh adapter without a keyv namespace, on entries no other case sees. */
  readonly store: KeyvStorageAdapter;
  /**
   * Another adapter on the same entries (a new connection or file handle) when the store is durable;
   * otherwise `store` itself. The suite disconnects every adapter after the case.
   */
  readonly peer: () => Promise<KeyvStorageAdapter>;
  /** Disconnects every adapter opened so far and opens the store again on the same entries (durable stores only). */
  readonly reopen: () => Promise<KeyvStorageAdapter>;
}

/** One conformance case: throws (a failed `expect`) when the adapter does not conform. */
export type KeyvStoreCase = (context: KeyvStoreCaseContext) => Promise<void>;
