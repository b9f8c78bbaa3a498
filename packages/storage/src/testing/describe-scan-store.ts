import type { ScanStore } from "@public-scan/core";
import { BASIC_SCAN_STORE_CASES } from "./basic-scan-store-cases.js";
import { CONCURRENT_SCAN_STORE_CASES } from "./concurrent-scan-store-cases.js";
import { DURABLE_SCAN_STORE_CASES } from "./durable-scan-store-cases.js";
import { INDEX_SCAN_STORE_CASES } from "./index-scan-store-cases.js";
import type { ScanStoreCase } from "./scan-store-case.js";
import { describeConformance } from "./describe-conformance.js";
import { toDurableHandles } from "./to-durable-handles.js";

/** Every case of the ScanStore conformance suite, by title (the durable ones run only for durable stores). */
export const SCAN_STORE_CASES = {
  ...BASIC_SCAN_STORE_CASES,
  ...INDEX_SCAN_STORE_CASES,
  ...CONCURRENT_SCAN_STORE_CASES,
  ...DURABLE_SCAN_STORE_CASES,
} satisfies Record<string, ScanStoreCase>;

export type ScanStoreCaseName = keyof typeof SCAN_STORE_CASES;

/**
 * Opens a store. Calls with the same `namespace` must reach the same records when the store is durable
 * (same file, same key prefix); different namespaces must never share records.
 */
export type ScanStoreFactory = (input: { namespace: string }) => ScanStore | Promise<ScanStore>;

export interface DescribeScanStoreOptions {
  /**
   * The store keeps its records when every handle is closed, and several handles on one namespace share
   * them: the concurrency cases then spread writers over several handles, and the reopen case runs.
   */
  readonly durable?: boolean;
  /** Cases this implementation knowingly fails, each with the reason; they are reported as skipped. */
  readonly knownGaps?: Partial<Record<ScanStoreCaseName, string>>;
}

const DURABLE_ONLY = new Set<string>(Object.keys(DURABLE_SCAN_STORE_CASES));

/**
 * The ScanStore conformance suite: registers one vitest test per case for the store `factory` makes. Every
 * test gets a fresh namespace and closes every handle it opened.
 */
export function describeScanStore(name: string, factory: ScanStoreFactory, options: DescribeScanStoreOptions = {}): void {
  const durable = options.durable ?? false;
  describeConformance<ScanStore, ScanStoreCase>({
    suite: `ScanStore conformance: ${name}`,
    cases: SCAN_STORE_CASES,
    ...(options.knownGaps ? { knownGaps: options.knownGaps } : {}),
    // A store that forgets on close has nothing to prove in the durable cases: not a gap, so not listed.
    applies: (title) => durable || !DURABLE_ONLY.has(title),
    namespacePrefix: "scans",
    factory,
    run: (testCase, handles) => testCase({ store: handles.store, ...toDurableHandles(durable, handles) }),
  });
}
