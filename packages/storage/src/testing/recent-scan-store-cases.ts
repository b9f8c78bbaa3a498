import type { RecentScans, ScanStore } from "@public-scan/core";
import { expect } from "vitest";
import { storedThroughUpdate as stored } from "./stored-through-update.js";

/** A store with the recent-scans capability, as a case gets it. */
export type RecentScanStore = ScanStore & RecentScans;

export interface RecentScansCaseContext {
  readonly store: RecentScanStore;
  /** Another handle onto the same records (durable stores), else `store`. */
  readonly peer: () => Promise<RecentScanStore>;
}

/** One conformance case of the recent list: throws (a failed `expect`) when the store does not conform. */
export type RecentScansCase = (context: RecentScansCaseContext) => Promise<void>;

const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString();
const ids = (records: ReadonlyArray<{ scanId: string }>) => records.map((record) => record.scanId);

/** Listing the latest scans with evidence: never a failure, a no-go or an active scan; newest first; bounded. */
export const RECENT_SCAN_STORE_CASES = {
  "lists completed scans with evidence, newest end first, and nothing else": async ({ store, peer }) => {
    // Stored out of order of their ends, so the order must come from completedAt.
    await stored(store, { scanId: "scan_r2", status: "completed", url: "https://two.test/", completedAt: day(2) });
    await stored(store, { scanId: "scan_r4", status: "completed_limited", url: "https://four.test/", completedAt: day(4) });
    await stored(store, { scanId: "scan_r1", status: "completed", url: "https://one.test/", completedAt: day(1) });
    // Newer, but no result to show: a failure, an expiry, a no-go, and scans still running.
    await stored(store, { scanId: "scan_failed", status: "failed", url: "https://failed.test/", completedAt: day(9) });
    await stored(store, { scanId: "scan_expired", status: "expired", url: "https://expired.test/", completedAt: day(9) });
    await stored(store, { scanId: "scan_nogo", status: "completed_limited", noGo: true, url: "https://nogo.test/", completedAt: day(9) });
    await stored(store, { scanId: "scan_running", status: "running", url: "https://running.test/" });
    expect(ids(await store.listRecentWithEvidence(10))).toStrictEqual(["scan_r4", "scan_r2", "scan_r1"]);
    // Another handle sees the same list.
    expect(ids(await (await peer()).listRecentWithEvidence(10))).toStrictEqual(["scan_r4", "scan_r2", "scan_r1"]);
  },

  "returns at most limit scans, and none for a limit of 0": async ({ store }) => {
    for (const n of [1, 2, 3, 4, 5])
      await stored(store, { scanId: `scan_l${n}`, status: "completed", url: `https://limit${n}.test/`, completedAt: day(n) });
    expect(ids(await store.listRecentWithEvidence(2))).toStrictEqual(["scan_l5", "scan_l4"]);
    expect(await store.listRecentWithEvidence(0)).toStrictEqual([]);
  },

  "returns the records as stored": async ({ store }) => {
    const record = await stored(store, { scanId: "scan_whole", status: "completed", url: "https://whole.test/", completedAt: day(3) });
    expect(await store.listRecentWithEvidence(1)).toStrictEqual([record]);
  },
} satisfies Record<string, RecentScansCase>;
