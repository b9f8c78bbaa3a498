import type { MonitorStore } from "@public-scan/core";

export interface MonitorStoreCaseContext {
  /** A fresh store for this case, with monitors no other case sees. */
  readonly store: MonitorStore;
  /** Another handle onto the same monitors when the store is durable; otherwise `store` itself. */
  readonly peer: () => Promise<MonitorStore>;
  /** Closes every handle and opens the store again on the same monitors (durable stores only). */
  readonly reopen: () => Promise<MonitorStore>;
}

/** One conformance case: throws (a failed `expect`) when the store does not conform. */
export type MonitorStoreCase = (context: MonitorStoreCaseContext) => Promise<void>;
