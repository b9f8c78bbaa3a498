import { describe, it } from "vitest";
import { toDurableHandles } from "./to-durable-handles.js";

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
      const body = async () => {
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
      };
      // A known gap is data with a reason (as in keyv's test suite), and it still runs: the case must fail,
      // so the day the implementation closes the gap, this test says to remove the entry.
      if (gap !== undefined) it.fails(`${title} (known gap: ${gap})`, body);
      else it(title, body);
    }
  });
}

/**
 * Opens a store. Calls with the same `namespace` must reach the same data when the store is durable (same
 * file, same key prefix); different namespaces must never share data.
 */
export type StoreFactory<Store> = (input: { namespace: string }) => Store | Promise<Store>;

/** How a durable port's suite runs for one implementation. */
export interface DescribeDurableSuiteOptions<CaseName extends string> {
  /**
   * The store keeps its data when every handle is closed, and several handles on one namespace share it:
   * the concurrency cases then spread writers over several handles, and the durable cases run.
   */
  readonly durable?: boolean;
  /** Cases this implementation knowingly fails, each with the reason; they are reported as skipped. */
  readonly knownGaps?: Partial<Record<CaseName, string>>;
}

/**
 * The suite of a port whose stores may be durable (scans, keys, the audit trail): durable-only cases run
 * only for durable stores (a store that forgets on close has nothing to prove there: not a gap, so not
 * listed), and each case gets its store with a `peer` and a `reopen` (`toDurableHandles`).
 */
export function describeDurableSuite<Store extends { close(): Promise<void> }, Case>(input: {
  suite: string;
  cases: Record<string, Case>;
  durableOnly: Record<string, Case>;
  namespacePrefix: string;
  factory: StoreFactory<Store>;
  options: DescribeDurableSuiteOptions<string>;
  run: (testCase: Case, handles: ConformanceHandles<Store> & ReturnType<typeof toDurableHandles<Store>>) => Promise<void>;
}): void {
  const durable = input.options.durable ?? false;
  describeConformance<Store, Case>({
    suite: input.suite,
    cases: input.cases,
    ...(input.options.knownGaps ? { knownGaps: input.options.knownGaps } : {}),
    applies: (title) => durable || !(title in input.durableOnly),
    namespacePrefix: input.namespacePrefix,
    factory: input.factory,
    run: (testCase, handles) => input.run(testCase, { ...handles, ...toDurableHandles(durable, handles) }),
  });
}
