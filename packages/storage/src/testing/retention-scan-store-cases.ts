import { targetKeyOf, type ScanRecord, type ScanRetention, type ScanStore } from "@public-scan/core";
import { expect } from "vitest";
import { storedThroughUpdate as stored } from "./stored-through-update.js";

/** A store with the retention capability, as a retention case gets it. */
export type RetainingScanStore = ScanStore & ScanRetention;

export interface ScanRetentionCaseContext {
  readonly store: RetainingScanStore;
  /** Another handle onto the same records (durable stores), else `store`. */
  readonly peer: () => Promise<RetainingScanStore>;
}

/** One conformance case of scan retention: throws (a failed `expect`) when the store does not conform. */
export type ScanRetentionCase = (context: ScanRetentionCaseContext) => Promise<void>;

const ACTIVE_STATUSES = ["pending", "queued", "running", "finalizing"] as const;
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString();

/** Purging ended scans: only ended ones, before the cutoff, in bounded batches, with every index kept true. */
export const RETENTION_SCAN_STORE_CASES = {
  "purges scans of every terminal status that ended before the cutoff, and counts them first": async ({ store }) => {
    const old = [
      await stored(store, { scanId: "scan_p1", status: "completed", url: "https://a.test/", completedAt: day(1) }),
      await stored(store, { scanId: "scan_p2", status: "completed_limited", url: "https://b.test/", completedAt: day(2) }),
      await stored(store, { scanId: "scan_p3", status: "failed", url: "https://c.test/", completedAt: day(3) }),
      await stored(store, { scanId: "scan_p4", status: "expired", url: "https://d.test/", completedAt: day(4) }),
    ];
    // Ended exactly at the cutoff, or after it: kept.
    const kept = [
      await stored(store, { scanId: "scan_k1", status: "completed", url: "https://a.test/", completedAt: day(10) }),
      await stored(store, { scanId: "scan_k2", status: "failed", url: "https://e.test/", completedAt: day(11) }),
    ];
    expect(await store.countEndedBefore(day(10))).toBe(4);
    expect(await store.purgeEndedBefore(day(10), { limit: 100 })).toBe(4);
    for (const record of old) expect(await store.get(record.scanId)).toBeNull();
    for (const record of kept) expect(await store.get(record.scanId)).toStrictEqual(record);
    expect(await store.countEndedBefore(day(10))).toBe(0);
    expect(await store.purgeEndedBefore(day(10), { limit: 100 })).toBe(0);
  },

  "never purges an active scan, however old": async ({ store }) => {
    const active: ScanRecord[] = [];
    for (const status of ACTIVE_STATUSES)
      active.push(await stored(store, { scanId: `scan_a_${status}`, status, url: `https://${status}.test/` }));
    const ended = await stored(store, { scanId: "scan_ended", status: "completed", url: "https://ended.test/", completedAt: day(1) });
    // A cutoff far in the future: every ended scan qualifies, no active one does.
    expect(await store.countEndedBefore("2999-01-01T00:00:00.000Z")).toBe(1);
    expect(await store.purgeEndedBefore("2999-01-01T00:00:00.000Z", { limit: 100 })).toBe(1);
    expect(await store.get(ended.scanId)).toBeNull();
    for (const record of active) {
      expect(await store.get(record.scanId)).toStrictEqual(record);
      expect(await store.findActive(targetKeyOf(record))).toStrictEqual(record);
    }
    expect((await store.listActive()).map((record) => record.scanId).sort()).toStrictEqual(active.map((record) => record.scanId).sort());
  },

  "purges in batches of at most limit, oldest end first": async ({ store }) => {
    // Stored out of order of their ends, so the order must come from completedAt.
    for (const n of [5, 2, 4, 1, 3])
      await stored(store, { scanId: `scan_b${n}`, status: "completed", url: `https://batch${n}.test/`, completedAt: day(n) });
    expect(await store.purgeEndedBefore(day(20), { limit: 2 })).toBe(2);
    expect(await store.get("scan_b1")).toBeNull();
    expect(await store.get("scan_b2")).toBeNull();
    expect((await store.get("scan_b3"))?.scanId).toBe("scan_b3");
    expect(await store.countEndedBefore(day(20))).toBe(3);
    expect(await store.purgeEndedBefore(day(20), { limit: 2 })).toBe(2);
    expect((await store.get("scan_b5"))?.scanId).toBe("scan_b5");
    expect(await store.purgeEndedBefore(day(20), { limit: 2 })).toBe(1);
    expect(await store.purgeEndedBefore(day(20), { limit: 2 })).toBe(0);
  },

  "keeps the reuse and domain-latest indexes true: a purged scan is never offered, an older kept one is": async ({ store }) => {
    const url = "https://index.test/page";
    const targetKey = targetKeyOf({ scanFrom: "eu", url });
    const newer = await stored(store, { scanId: "scan_i2", status: "completed", url, completedAt: day(12) });
    await stored(store, { scanId: "scan_i1", status: "completed", url, completedAt: day(2) });
    await stored(store, { scanId: "scan_o1", status: "completed", url: "https://gone.test/", scanFrom: "us", completedAt: day(3) });
    // An active scan of the target: purging its ended scans leaves it the target's active scan.
    const running = await stored(store, { scanId: "scan_i3", status: "running", url });

    expect(await store.purgeEndedBefore(day(10), { limit: 100 })).toBe(2);
    expect(await store.findReusable(targetKey, day(1))).toStrictEqual(newer);
    expect(await store.latestForDomain("index.test")).toStrictEqual(newer);
    expect(await store.latestForDomain("index.test", "eu")).toStrictEqual(newer);
    expect(await store.findActive(targetKey)).toStrictEqual(running);
    // A domain whose every scan was purged has no latest scan, in any region.
    expect(await store.latestForDomain("gone.test")).toBeNull();
    expect(await store.latestForDomain("gone.test", "us")).toBeNull();
    expect(await store.findReusable(targetKeyOf({ scanFrom: "us", url: "https://gone.test/" }), day(1))).toBeNull();

    // The purged id can be stored again, and is indexed again.
    const again = await stored(store, {
      scanId: "scan_o1",
      status: "completed",
      url: "https://gone.test/",
      scanFrom: "us",
      completedAt: day(20),
    });
    expect(await store.latestForDomain("gone.test", "us")).toStrictEqual(again);
  },

  "concurrent purges from several handles delete each scan once, and their counts add up": async ({ store, peer }) => {
    for (let n = 1; n <= 20; n += 1)
      await stored(store, { scanId: `scan_c${n}`, status: "completed", url: `https://c${n}.test/`, completedAt: day(n) });
    const handles = [store, await peer(), await peer(), await peer()];
    // Each handle purges in small batches until it finds nothing, all at once (a cluster's API processes).
    const drain = async (handle: RetainingScanStore) => {
      let total = 0;
      for (;;) {
        const deleted = await handle.purgeEndedBefore(day(25), { limit: 3 });
        if (deleted === 0) return total;
        total += deleted;
      }
    };
    const counts = await Promise.all(handles.map(drain));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(20);
    expect(await store.countEndedBefore(day(25))).toBe(0);
    expect(await store.latestForDomain("c20.test")).toBeNull();
  },

  "a purge is seen by every handle on the same records": async ({ store, peer }) => {
    await stored(store, { scanId: "scan_h1", status: "failed", url: "https://handle.test/", completedAt: day(1) });
    const other = await peer();
    expect(await other.purgeEndedBefore(day(5), { limit: 10 })).toBe(1);
    expect(await store.get("scan_h1")).toBeNull();
    expect(await store.countEndedBefore(day(5))).toBe(0);
  },
} satisfies Record<string, ScanRetentionCase>;
