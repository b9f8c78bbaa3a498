import type { CounterStore } from "@public-scan/core";
import { describe, it } from "vitest";
import { BASIC_COUNTER_STORE_CASES } from "./basic-counter-store-cases.js";
import { CONCURRENT_COUNTER_STORE_CASES } from "./concurrent-counter-store-cases.js";
import type { CounterStoreCase } from "./counter-store-case.js";
import { PROPERTY_COUNTER_STORE_CASES } from "./property-counter-store-cases.js";

/** Every case of the conformance suite, by title. */
export const COUNTER_STORE_CASES = {
  ...BASIC_COUNTER_STORE_CASES,
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

let namespaces = 0;

/**
 * The CounterStore conformance suite: registers one vitest test per case for the store `factory` makes.
 * Every test gets a fresh namespace and closes every handle it opened.
 */
export function describeCounterStore(name: string, factory: CounterStoreFactory, options: DescribeCounterStoreOptions = {}): void {
  const propertyRuns = options.propertyRuns ?? 100;
  describe(`CounterStore conformance: ${name}`, () => {
    for (const [title, run] of Object.entries(COUNTER_STORE_CASES) as [CounterStoreCaseName, CounterStoreCase][]) {
      const gap = options.knownGaps?.[title];
      if (gap !== undefined) {
        it.skip(`${title} (known gap: ${gap})`, () => {});
        continue;
      }
      it(title, async () => {
        namespaces += 1;
        const namespace = `case${namespaces}-${Math.random().toString(36).slice(2, 10)}`;
        const opened: CounterStore[] = [];
        const open = async () => {
          const store = await factory({ namespace });
          opened.push(store);
          return store;
        };
        try {
          const store = await open();
          const peer = () => (store.capabilities.sharedAcrossProcesses ? open() : Promise.resolve(store));
          await run({ store, peer, propertyRuns });
        } finally {
          await Promise.all(opened.map((store) => store.close()));
        }
      });
    }
  });
}
