import { createMemoryScanStore, hasEvidence, type ScanRecord } from "@public-scan/core";
import { describe, expect, it } from "vitest";
import { RECENT_SCAN_STORE_CASES, type RecentScanStore, type RecentScansCaseName } from "../src/testing/index.js";

/** The flaws a hand-rolled recent list typically has; each broken store below has exactly one. */
interface RecentFlaws {
  /** Lists every ended scan: failures and no-go results too. */
  listsEveryEnded?: boolean;
  /** Orders by creation, not by end. */
  creationOrder?: boolean;
  ignoresLimit?: boolean;
}

/** The memory store with one flaw in its recent list. */
function brokenStore(flaws: RecentFlaws): RecentScanStore {
  const store = createMemoryScanStore();
  const written = new Map<string, ScanRecord>();
  return {
    ...store,
    async create(record, index) {
      const created = await store.create(record, index);
      if (created) written.set(record.scanId, record);
      return created;
    },
    async update(record, options) {
      const updated = await store.update(record, options);
      if (updated !== null) written.set(updated.scanId, updated);
      return updated;
    },
    async listRecentWithEvidence(limit) {
      if (!flaws.listsEveryEnded && !flaws.creationOrder) return store.listRecentWithEvidence(flaws.ignoresLimit ? 1000 : limit);
      const records = [...written.values()].filter((record) => (flaws.listsEveryEnded ? record.completedAt !== null : hasEvidence(record)));
      const ordered = flaws.creationOrder
        ? records.reverse()
        : records.sort((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? ""));
      return ordered.slice(0, limit);
    },
  };
}

const CAUGHT: [bug: string, caseName: RecentScansCaseName, flaws: RecentFlaws][] = [
  [
    "failures and no-go results listed",
    "lists completed scans with evidence, newest end first, and nothing else",
    { listsEveryEnded: true },
  ],
  ["creation order", "lists completed scans with evidence, newest end first, and nothing else", { creationOrder: true }],
  ["an ignored limit", "returns at most limit scans, and none for a limit of 0", { ignoresLimit: true }],
];

describe("the recent-scans conformance suite", () => {
  it.each(CAUGHT)("catches %s in the case %s", async (_bug, caseName, flaws) => {
    const run = (store: RecentScanStore) => RECENT_SCAN_STORE_CASES[caseName]({ store, peer: () => Promise.resolve(store) });
    await expect(run(brokenStore(flaws))).rejects.toThrow();
    await expect(run(brokenStore({}))).resolves.toBeUndefined();
  });
});
