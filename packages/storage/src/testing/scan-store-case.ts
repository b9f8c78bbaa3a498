import type { ScanStore } from "@public-scan/core";

export interface ScanStoreCaseContext {
  /** A fresh store for this case, with records no other case sees. */
  readonly store: ScanStore;
  /**
   * Another handle onto the same records (a new connection or file handle) when the store is durable;
   * otherwise `store` itself. The suite closes every handle after the case.
   */
  readonly peer: () => Promise<ScanStore>;
  /** Closes every handle opened so far and opens the store again on the same records (durable stores only). */
  readonly reopen: () => Promise<ScanStore>;
}

/** One conformance case: throws (a failed `expect`) when the store does not conform. */
export type ScanStoreCase = (context: ScanStoreCaseContext) => Promise<void>;
