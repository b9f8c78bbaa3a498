import type { ScanStore } from "@public-scan/core";
import { describe, it } from "vitest";
import { BASIC_SCAN_STORE_CASES } from "./basic-scan-store-cases.js";
import { CONCURRENT_SCAN_STORE_CASES } from "./concurrent-scan-store-cases.js";
import { DURABLE_SCAN_STORE_CASES } from "./durable-scan-store-cases.js";
import { INDEX_SCAN_STORE_CASES } from "./index-scan-store-cases.js";
import type { ScanStoreCase } from "./scan-store-case.js";

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
let namespaces = 0;

/**
 * The ScanStore conformance suite: registers one vitest test per case for the store `factory` makes. Every
 * test gets a fresh namespace and closes every handle it opened.
 */
export function describeScanStore(name: string, factory: ScanStoreFactory, options: DescribeScanStoreOptions = {}): void {
  const durable = options.durable ?? false;
  describe(`ScanStore conformance: ${name}`, () => {
    for (const [title, run] of Object.entries(SCAN_STORE_CASES) as [ScanStoreCaseName, ScanStoreCase][]) {
      // A store that forgets on close has nothing to prove there; not a gap, so not listed as skipped.
      if (DURABLE_ONLY.has(title) && !durable) continue;
      const gap = options.knownGaps?.[title];
      if (gap !== undefined) {
        it.skip(`${title} (known gap: ${gap})`, () => {});
        continue;
      }
      it(title, async () => {
        namespaces += 1;
        const namespace = `scans${namespaces}-${Math.random().toString(36).slice(2, 10)}`;
        const opened: ScanStore[] = [];
        const open = async () => {
          const store = await factory({ namespace });
          opened.push(store);
          return store;
        };
        const closeAll = () => Promise.all(opened.splice(0).map((store) => store.close()));
        try {
          const store = await open();
          const peer = () => (durable ? open() : Promise.resolve(store));
          const reopen = async () => {
            if (!durable) throw new Error("reopen needs a durable store");
            await closeAll();
            return open();
          };
          await run({ store, peer, reopen });
        } finally {
          await closeAll();
        }
      });
    }
  });
}
