import { describeDurableSuite, type DescribeDurableSuiteOptions, type StoreFactory } from "./describe-conformance.js";
import { RETENTION_SCAN_STORE_CASES, type RetainingScanStore, type ScanRetentionCase } from "./retention-scan-store-cases.js";

export type ScanRetentionCaseName = keyof typeof RETENTION_SCAN_STORE_CASES;
export type ScanRetentionFactory = StoreFactory<RetainingScanStore>;

/**
 * The conformance suite of scan retention (core's `ScanRetention`), for the stores that have it: one vitest
 * test per case, each on a fresh namespace, every handle closed after it.
 */
export function describeScanRetention(
  name: string,
  factory: ScanRetentionFactory,
  options: DescribeDurableSuiteOptions<ScanRetentionCaseName> = {},
): void {
  describeDurableSuite<RetainingScanStore, ScanRetentionCase>({
    suite: `ScanRetention conformance: ${name}`,
    cases: RETENTION_SCAN_STORE_CASES,
    durableOnly: {},
    namespacePrefix: "retain",
    factory,
    options,
    run: (testCase, { store, peer }) => testCase({ store, peer }),
  });
}
