import type { CounterStore } from "@public-scan/core";
import { BASIC_COUNTER_STORE_CASES } from "./basic-counter-store-cases.js";
import { BOUND_COUNTER_STORE_CASES } from "./bound-counter-store-cases.js";
import { CONCURRENT_COUNTER_STORE_CASES } from "./concurrent-counter-store-cases.js";
import type { CounterStoreCase } from "./counter-store-case.js";
import { describeConformance } from "./describe-conformance.js";
import { PROPERTY_COUNTER_STORE_CASES } from "./property-counter-store-cases.js";

/** Every case of the conformance suite, by title. */
export const COUNTER_STORE_CASES = {
  ...BASIC_COUNTER_STORE_CASES,
  ...BOUND_COUNTER_STORE_CASES,
  ...CONCURRENT_COUNTER_STORE_CASES,
  ...PROPERTY_COUNTER_STORE_CASES,
} satisfies Record<string, CounterStoreCase>;

export type CounterStoreCaseName = keyof typeof COUNTER_STORE_CASES;

/**
 * Opens a store. Calls with the same `namespace` must reach the same counters when the store is shared
 * across processes (same file, same key prefix); different namespaces must never share counters.
 */
export type CounterStoreFactory = (input: { namespace: string }) => CounterStore | Promise<CounterStore>;

export interface DescribeCounterStoreOptions {
  /** Random sequences of the property case (default 100). */
  readonly propertyRuns?: number;
  /** Cases this implementation knowingly fails, each with the reason; they are reported as skipped. */
  readonly knownGaps?: Partial<Record<CounterStoreCaseName, string>>;
}

/**
 * The CounterStore conformance suite: registers one vitest test per case for the store `factory` makes.
 * Every test gets a fresh namespace and closes every handle it opened.
 */
export function describeCounterStore(name: string, factory: CounterStoreFactory, options: DescribeCounterStoreOptions = {}): void {
  const propertyRuns = options.propertyRuns ?? 100;
  describeConformance<CounterStore, CounterStoreCase>({
    suite: `CounterStore conformance: ${name}`,
    cases: COUNTER_STORE_CASES,
    ...(options.knownGaps ? { knownGaps: options.knownGaps } : {}),
    namespacePrefix: "case",
    factory,
    run: (testCase, { store, open }) =>
      testCase({ store, peer: () => (store.capabilities.sharedAcrossProcesses ? open() : Promise.resolve(store)), propertyRuns }),
  });
}
