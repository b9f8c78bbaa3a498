import type { MonitorStore } from "@public-scan/core";
import { BASIC_MONITOR_STORE_CASES } from "./basic-monitor-store-cases.js";
import { CONCURRENT_MONITOR_STORE_CASES } from "./concurrent-monitor-store-cases.js";
import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { DURABLE_MONITOR_STORE_CASES } from "./durable-monitor-store-cases.js";
import type { MonitorStoreCase } from "./monitor-store-case.js";

/** Every case of the MonitorStore conformance suite, by title (the durable ones run only for durable stores). */
export const MONITOR_STORE_CASES = {
  ...BASIC_MONITOR_STORE_CASES,
  ...CONCURRENT_MONITOR_STORE_CASES,
  ...DURABLE_MONITOR_STORE_CASES,
} satisfies Record<string, MonitorStoreCase>;

export type MonitorStoreCaseName = keyof typeof MONITOR_STORE_CASES;
export type MonitorStoreFactory = StoreFactory<MonitorStore>;
export type DescribeMonitorStoreOptions = DescribeDurableSuiteOptions<MonitorStoreCaseName>;

/**
 * The MonitorStore conformance suite: registers one vitest test per case for the store `factory` makes.
 * Every test gets a fresh namespace and closes every handle it opened.
 */
export function describeMonitorStore(name: string, factory: MonitorStoreFactory, options: DescribeMonitorStoreOptions = {}): void {
  describeDurableSuite<MonitorStore, MonitorStoreCase>({
    suite: `MonitorStore conformance: ${name}`,
    cases: MONITOR_STORE_CASES,
    durableOnly: DURABLE_MONITOR_STORE_CASES,
    namespacePrefix: "monitors",
    factory,
    options,
    run: (testCase, { store, peer, reopen }) => testCase({ store, peer, reopen }),
  });
}
