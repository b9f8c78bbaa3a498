import type { ScanStore } from "@public-scan/core";
import { BASIC_SCAN_STORE_CASES } from "./basic-scan-store-cases.js";
import { CONCURRENT_SCAN_STORE_CASES } from "./concurrent-scan-store-cases.js";
import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { DURABLE_SCAN_STORE_CASES } from "./durable-scan-store-cases.js";
import { INDEX_SCAN_STORE_CASES } from "./index-scan-store-cases.js";
import { RESERVATION_SCAN_STORE_CASES } from "./reservation-scan-store-cases.js";
import type { ScanStoreCase } from "./scan-store-case.js";

/** Every case of the ScanStore conformance suite, by title (the durable ones run only for durable stores). */
export const SCAN_STORE_CASES = {
  ...BASIC_SCAN_STORE_CASES,
  ...INDEX_SCAN_STORE_CASES,
  ...CONCURRENT_SCAN_STORE_CASES,
  ...RESERVATION_SCAN_STORE_CASES,
  ...DURABLE_SCAN_STORE_CASES,
} satisfies Record<string, ScanStoreCase>;

export type ScanStoreCaseName = keyof typeof SCAN_STORE_CASES;
export type ScanStoreFactory = StoreFactory<ScanStore>;
export type DescribeScanStoreOptions = DescribeDurableSuiteOptions<ScanStoreCaseName>;

/**
 * The ScanStore conformance suite: registers one vitest test per case for the store `factory` makes. Every
 * test gets a fresh namespace and closes every handle it opened.
 */
export function describeScanStore(name: string, factory: ScanStoreFactory, options: DescribeScanStoreOptions = {}): void {
  describeDurableSuite<ScanStore, ScanStoreCase>({
    suite: `ScanStore conformance: ${name}`,
    cases: SCAN_STORE_CASES,
    durableOnly: DURABLE_SCAN_STORE_CASES,
    namespacePrefix: "scans",
    factory,
    options,
    run: (testCase, { store, peer, reopen }) => testCase({ store, peer, reopen }),
  });
}
