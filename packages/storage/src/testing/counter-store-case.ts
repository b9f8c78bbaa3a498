import type { CounterStore } from "@public-scan/core";

export interface CounterStoreCaseContext {
  /** A fresh store for this case, with counters no other case sees. */
  readonly store: CounterStore;
  /**
   * Another handle onto the same counters (a new connection or file handle) when the store is shared
   * across processes; otherwise `store` itself. The suite closes every handle after the case.
   */
  readonly peer: () => Promise<CounterStore>;
  /** How many random sequences the property case tries. */
  readonly propertyRuns: number;
}

/** One conformance case: throws (a failed `expect`) when the store does not conform. */
export type CounterStoreCase = (context: CounterStoreCaseContext) => Promise<void>;
