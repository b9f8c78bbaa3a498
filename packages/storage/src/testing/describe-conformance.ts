import { describe, it } from "vitest";

/** Handles of one conformance test: the first store, and a way to open more on the same namespace. */
export interface ConformanceHandles<Store> {
  store: Store;
  /** Another handle on the test's namespace (tracked and closed with the others). */
  open: () => Promise<Store>;
  /** Closes every handle opened so far (the test's store included). */
  closeAll: () => Promise<void>;
}

export interface DescribeConformanceOptions<Store, Case> {
  /** Title of the describe block. */
  suite: string;
  cases: Record<string, Case>;
  /** Cases the implementation knowingly fails, each with its reason. */
  knownGaps?: Partial<Record<string, string>>;
  /** Cases that do not apply to this implementation at all (not gaps, so not listed). */
  applies?: (title: string) => boolean;
  namespacePrefix: string;
  factory: (input: { namespace: string }) => Store | Promise<Store>;
  run: (testCase: Case, handles: ConformanceHandles<Store>) => Promise<void>;
}

let namespaces = 0;

/**
 * Registers one vitest test per case of a port's conformance suite. Every test gets a fresh namespace and
 * closes every handle it opened, whatever happens. The suites of each port (counter store, scan store)
 * only say how a case is run.
 */
export function describeConformance<Store extends { close(): Promise<void> }, Case>(
  options: DescribeConformanceOptions<Store, Case>,
): void {
  describe(options.suite, () => {
    for (const [title, testCase] of Object.entries(options.cases)) {
      if (options.applies?.(title) === false) continue;
      const gap = options.knownGaps?.[title];
      if (gap !== undefined) {
        // A known gap is data with a reason (as in keyv's test suite): it is reported as skipped and its
        // reason is in the test's title, so it shows in every run; no implementation declares one today.
        it.skip(`${title} (known gap: ${gap})`, () => {});
        continue;
      }
      it(title, async () => {
        namespaces += 1;
        const namespace = `${options.namespacePrefix}${namespaces}-${Math.random().toString(36).slice(2, 10)}`;
        const opened: Store[] = [];
        const open = async () => {
          const store = await options.factory({ namespace });
          opened.push(store);
          return store;
        };
        const closeAll = async () => {
          await Promise.all(opened.splice(0).map((store) => store.close()));
        };
        try {
          await options.run(testCase, { store: await open(), open, closeAll });
        } finally {
          await closeAll();
        }
      });
    }
  });
}
