import type { AccountStore } from "@public-scan/core";

export interface AccountStoreCaseContext {
  /** A fresh store for this case, with accounts no other case sees. */
  readonly store: AccountStore;
  /**
   * Another handle onto the same accounts (a new connection or file handle) when the store is durable;
   * otherwise `store` itself. The suite closes every handle after the case.
   */
  readonly peer: () => Promise<AccountStore>;
  /** Closes every handle opened so far and opens the store again on the same accounts (durable stores only). */
  readonly reopen: () => Promise<AccountStore>;
}

/** One conformance case: throws (a failed `expect`) when the store does not conform. */
export type AccountStoreCase = (context: AccountStoreCaseContext) => Promise<void>;
