import { createMemoryScanStore, type ScanStore } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { SCAN_STORE_CASES, type ScanStoreCaseName } from "../src/testing/index.js";

/**
 * The ScanStore suite is only worth something if it catches broken stores. Each store below has one
 * classic bug; the named case must fail on it (and pass on the memory store, the control).
 */
const NO_COMPARE_BUG = (): ScanStore => {
  // Last writer wins: update ignores the expected status.
  const inner = createMemoryScanStore();
  return {
    ...inner,
    async update(record, { targetKey }) {
      const current = await inner.get(record.scanId);
      if (current === null) return null;
      return inner.update(record, { expectedStatus: current.status, targetKey });
    },
  };
};

const READ_THEN_WRITE_BUG = (): ScanStore => {
  // Checks the status, awaits (as a networked store would), then writes: concurrent workers all win.
  const inner = createMemoryScanStore();
  return {
    ...inner,
    async update(record, options) {
      const current = await inner.get(record.scanId);
      if (current?.status !== options.expectedStatus) return null;
      await new Promise((resolve) => setTimeout(resolve, 1));
      await inner.update(record, { expectedStatus: current.status, targetKey: options.targetKey });
      return record;
    },
  };
};

const SHARED_REFERENCE_BUG = (): ScanStore => {
  // Keeps and returns the caller's objects instead of copies.
  const records = new Map<string, Parameters<ScanStore["create"]>[0]>();
  const inner = createMemoryScanStore();
  return {
    ...inner,
    get: (scanId) => Promise.resolve(records.get(scanId) ?? null),
    async create(record, index) {
      const created = await inner.create(record, index);
      if (created) records.set(record.scanId, record);
      return created;
    },
  };
};

const IGNORES_NOT_BEFORE_BUG = (): ScanStore => {
  const inner = createMemoryScanStore();
  return { ...inner, findReusable: (targetKey) => inner.findReusable(targetKey, "") };
};

const OFFERS_NO_GO_BUG = (): ScanStore => {
  // Returns the latest completed scan, whether or not it has evidence.
  const inner = createMemoryScanStore();
  const completed = new Map<string, Parameters<ScanStore["create"]>[0]>();
  const keep = (record: Parameters<ScanStore["create"]>[0]) => {
    if (record.status === "completed" || record.status === "completed_limited") completed.set(record.scanId, record);
  };
  const latest = (match: (record: Parameters<ScanStore["create"]>[0]) => boolean) =>
    Promise.resolve(
      [...completed.values()].filter(match).sort((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? ""))[0] ?? null,
    );
  return {
    ...inner,
    async create(record, index) {
      const created = await inner.create(record, index);
      if (created) keep(record);
      return created;
    },
    async update(record, options) {
      const stored = await inner.update(record, options);
      if (stored !== null) keep(record);
      return stored;
    },
    latestForDomain: (domain) => latest((record) => record.domain === domain),
  };
};

const OVERWRITING_CREATE_BUG = (): ScanStore => {
  const inner = createMemoryScanStore();
  return {
    ...inner,
    async create(record, index) {
      if (await inner.create(record, index)) return true;
      const current = (await inner.get(record.scanId))!;
      await inner.update(record, { expectedStatus: current.status, targetKey: index.targetKey });
      return false;
    },
  };
};

const CAUGHT: [string, ScanStoreCaseName, () => ScanStore][] = [
  ["an update without compare", "update is a compare-and-set on the stored status", NO_COMPARE_BUG],
  // The terminal-record case is not listed: these broken stores wrap the memory store, which itself refuses
  // to move a terminal record, so none of them can break that rule.
  ["a read-then-write update", "exactly one of 20 concurrent updates expecting the same status succeeds", READ_THEN_WRITE_BUG],
  ["shared references", "records are copies: mutating an argument or a returned object does not change the store", SHARED_REFERENCE_BUG],
  ["an ignored notBefore", "findReusable returns the latest completed scan of the target at or after notBefore", IGNORES_NOT_BEFORE_BUG],
  [
    "a no-go offered as a domain's latest scan",
    "a no-go result is neither reusable nor a domain's latest scan: the latest scan with evidence is",
    OFFERS_NO_GO_BUG,
  ],
  ["an overwriting create", "create refuses an existing scanId and does not overwrite it", OVERWRITING_CREATE_BUG],
];

async function runCase(name: ScanStoreCaseName, store: ScanStore): Promise<void> {
  const fail = () => Promise.reject(new Error("not durable"));
  await SCAN_STORE_CASES[name]({ store, peer: () => Promise.resolve(store), reopen: fail });
}

describe("the ScanStore conformance suite", () => {
  it.each(CAUGHT)("catches %s in the case %s", async (_bug, caseName, make) => {
    await expect(runCase(caseName, make())).rejects.toThrow();
    await expect(runCase(caseName, createMemoryScanStore())).resolves.toBeUndefined();
  });
});
