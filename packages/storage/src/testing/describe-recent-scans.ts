import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { RECENT_SCAN_STORE_CASES, type RecentScanStore, type RecentScansCase } from "./recent-scan-store-cases.js";

export type RecentScansCaseName = keyof typeof RECENT_SCAN_STORE_CASES;
export type RecentScansFactory = StoreFactory<RecentScanStore>;

/**
 * The conformance suite of the recent list (core's `RecentScans`), for the stores that have it: one vitest
 * test per case, each on a fresh namespace, every handle closed after it.
 */
export function describeRecentScans(
  name: string,
  factory: RecentScansFactory,
  options: DescribeDurableSuiteOptions<RecentScansCaseName> = {},
): void {
  describeDurableSuite<RecentScanStore, RecentScansCase>({
    suite: `RecentScans conformance: ${name}`,
    cases: RECENT_SCAN_STORE_CASES,
    durableOnly: {},
    namespacePrefix: "recent",
    factory,
    options,
    run: (testCase, { store, peer }) => testCase({ store, peer }),
  });
}
