import { targetKeyOf, type ScanRecord, type ScanStore } from "@public-scan/core";
import { expect } from "vitest";
import { createTestScanRecord, type TestScanRecordInput } from "./create-test-scan-record.js";
import type { ScanStoreCase } from "./scan-store-case.js";

const ACTIVE_STATUSES = ["queued", "pending", "running", "finalizing"] as const;
const byScanId = (records: ScanRecord[]) => [...records].sort((a, b) => a.scanId.localeCompare(b.scanId));
const at = (minute: number) => new Date(Date.UTC(2026, 7, 15, 12, minute)).toISOString();

/** Creates the record queued and moves it to its status through `update`, so the update path maintains the indexes. */
async function through(store: ScanStore, input: TestScanRecordInput): Promise<ScanRecord> {
  const record = createTestScanRecord(input);
  const targetKey = targetKeyOf(record);
  const queued = createTestScanRecord({ ...input, status: "queued" });
  expect(await store.create(queued, { targetKey })).toBe(true);
  if (record.status === "queued") return record;
  expect(await store.update(record, { expectedStatus: "queued", targetKey })).toStrictEqual(record);
  return record;
}

/** Created directly in its final status: the create path maintains the indexes too. */
async function created(store: ScanStore, input: TestScanRecordInput): Promise<ScanRecord> {
  const record = createTestScanRecord(input);
  expect(await store.create(record, { targetKey: targetKeyOf(record) })).toBe(true);
  return record;
}

/** The active-scan, reusable-scan, latest-per-domain and recovery indexes. */
export const INDEX_SCAN_STORE_CASES = {
  "findActive finds the in-flight scan of a target in every active status, and only then": async ({ store }) => {
    const url = "https://active.test/";
    const targetKey = targetKeyOf({ scanFrom: "eu", url });
    expect(await store.findActive(targetKey)).toBeNull();
    let previous = createTestScanRecord({ scanId: "scan_act", status: "queued", url });
    await store.create(previous, { targetKey });
    for (const status of ACTIVE_STATUSES) {
      const next = { ...createTestScanRecord({ scanId: "scan_act", status, url }), progressPercent: 20 };
      expect(await store.update(next, { expectedStatus: previous.status, targetKey })).toStrictEqual(next);
      expect(await store.findActive(targetKey)).toStrictEqual(next);
      previous = next;
    }
    // Same URL from another region, and another URL, are other targets.
    expect(await store.findActive(targetKeyOf({ scanFrom: "us", url }))).toBeNull();
    expect(await store.findActive(targetKeyOf({ scanFrom: "eu", url: "https://other.test/" }))).toBeNull();

    const completed = createTestScanRecord({ scanId: "scan_act", status: "completed", url });
    await store.update(completed, { expectedStatus: "finalizing", targetKey });
    expect(await store.findActive(targetKey)).toBeNull();

    // A new scan of the same target is found; failing it clears it again.
    const again = await through(store, { scanId: "scan_act2", status: "running", url });
    expect(await store.findActive(targetKey)).toStrictEqual(again);
    await store.update(createTestScanRecord({ scanId: "scan_act2", status: "failed", url }), { expectedStatus: "running", targetKey });
    expect(await store.findActive(targetKey)).toBeNull();
    const direct = await created(store, { scanId: "scan_act3", status: "pending", url });
    expect(await store.findActive(targetKey)).toStrictEqual(direct);
    await store.update(createTestScanRecord({ scanId: "scan_act3", status: "expired", url }), { expectedStatus: "pending", targetKey });
    expect(await store.findActive(targetKey)).toBeNull();
  },

  "findReusable returns the latest completed scan of the target at or after notBefore": async ({ store }) => {
    const url = "https://reuse.test/page";
    const targetKey = targetKeyOf({ scanFrom: "eu", url });
    expect(await store.findReusable(targetKey, at(0))).toBeNull();
    // Completion order differs from creation order: the latest by completedAt wins.
    const latest = await through(store, { scanId: "scan_r3", status: "completed_limited", url, completedAt: at(30) });
    const older = await created(store, { scanId: "scan_r1", status: "completed", url, completedAt: at(10) });
    await through(store, { scanId: "scan_r2", status: "completed", url, completedAt: at(20) });
    // Not completed: never reusable, however recent.
    await through(store, { scanId: "scan_r4", status: "failed", url, completedAt: at(40) });
    await created(store, { scanId: "scan_r5", status: "expired", url, completedAt: at(41) });
    await through(store, { scanId: "scan_r6", status: "running", url });
    // Other targets: same URL from another region, another URL of the same domain.
    await created(store, { scanId: "scan_o1", status: "completed", url, scanFrom: "us", completedAt: at(50) });
    await created(store, { scanId: "scan_o2", status: "completed", url: "https://reuse.test/other", completedAt: at(50) });

    expect(await store.findReusable(targetKey, at(0))).toStrictEqual(latest);
    expect(await store.findReusable(targetKey, at(25))).toStrictEqual(latest);
    expect(await store.findReusable(targetKey, at(30))).toStrictEqual(latest);
    expect(await store.findReusable(targetKey, "2026-08-15T12:30:00.001Z")).toBeNull();
    expect(await store.findReusable(targetKeyOf({ scanFrom: "ap", url }), at(0))).toBeNull();
    expect(older.status).toBe("completed");
  },

  "latestForDomain returns the latest completed scan of a domain, optionally from one region": async ({ store }) => {
    expect(await store.latestForDomain("domain.test")).toBeNull();
    const eu = await through(store, {
      scanId: "scan_d1",
      status: "completed",
      url: "https://domain.test/a",
      scanFrom: "eu",
      completedAt: at(20),
    });
    await created(store, { scanId: "scan_d0", status: "completed", url: "https://domain.test/", scanFrom: "eu", completedAt: at(5) });
    const us = await created(store, {
      scanId: "scan_d2",
      status: "completed_limited",
      url: "https://domain.test/b",
      scanFrom: "us",
      completedAt: at(30),
    });
    await through(store, { scanId: "scan_d3", status: "failed", url: "https://domain.test/c", scanFrom: "eu", completedAt: at(40) });
    await through(store, { scanId: "scan_d4", status: "running", url: "https://domain.test/d", scanFrom: "eu" });
    await created(store, { scanId: "scan_x", status: "completed", url: "https://sub.domain.test/", scanFrom: "eu", completedAt: at(50) });
    await created(store, { scanId: "scan_n", status: "completed", url: "https://nullregion.test/", scanFrom: null, completedAt: at(50) });

    expect(await store.latestForDomain("domain.test")).toStrictEqual(us);
    expect(await store.latestForDomain("domain.test", "us")).toStrictEqual(us);
    expect(await store.latestForDomain("domain.test", "eu")).toStrictEqual(eu);
    expect(await store.latestForDomain("domain.test", "ap")).toBeNull();
    expect(await store.latestForDomain("missing.test")).toBeNull();
    expect((await store.latestForDomain("nullregion.test"))?.scanId).toBe("scan_n");
    expect(await store.latestForDomain("nullregion.test", "eu")).toBeNull();
  },

  "a no-go result is neither reusable nor a domain's latest scan: the latest scan with evidence is": async ({ store }) => {
    const url = "https://nogo.test/";
    const targetKey = targetKeyOf({ scanFrom: "eu", url });
    const observed = await through(store, { scanId: "scan_g1", status: "completed_limited", url, completedAt: at(10) });
    // Newer no-go results of the same target, through both write paths, and one from the same region only.
    await through(store, { scanId: "scan_g2", status: "completed_limited", noGo: true, url, completedAt: at(20) });
    await created(store, { scanId: "scan_g3", status: "completed_limited", noGo: true, url, completedAt: at(30) });
    expect(await store.findReusable(targetKey, at(0))).toStrictEqual(observed);
    expect(await store.findReusable(targetKey, at(15))).toBeNull();
    expect(await store.latestForDomain("nogo.test")).toStrictEqual(observed);
    expect(await store.latestForDomain("nogo.test", "eu")).toStrictEqual(observed);
    // A domain whose only results are no-go has no latest scan.
    await created(store, {
      scanId: "scan_g4",
      status: "completed_limited",
      noGo: true,
      url: "https://only-nogo.test/",
      completedAt: at(5),
    });
    expect(await store.latestForDomain("only-nogo.test")).toBeNull();
    expect(await store.findReusable(targetKeyOf({ scanFrom: "eu", url: "https://only-nogo.test/" }), at(0))).toBeNull();
    // The no-go records themselves are stored as given.
    expect((await store.get("scan_g3"))?.report?.resultDisposition).toBe("no_go");
  },

  "listActive lists the queued, pending, running and finalizing scans": async ({ store }) => {
    expect(await store.listActive()).toStrictEqual([]);
    const active = [
      await created(store, { scanId: "scan_l1", status: "queued", url: "https://l1.test/" }),
      await through(store, { scanId: "scan_l2", status: "pending", url: "https://l2.test/" }),
      await through(store, { scanId: "scan_l3", status: "running", url: "https://l3.test/" }),
      await created(store, { scanId: "scan_l4", status: "finalizing", url: "https://l4.test/" }),
      // Two active scans of one target are both listed.
      await created(store, { scanId: "scan_l5", status: "running", url: "https://l1.test/" }),
    ];
    await created(store, { scanId: "scan_l6", status: "completed", url: "https://l6.test/" });
    await through(store, { scanId: "scan_l7", status: "failed", url: "https://l7.test/" });
    expect(byScanId(await store.listActive())).toStrictEqual(active);

    const done = createTestScanRecord({ scanId: "scan_l3", status: "completed", url: "https://l3.test/" });
    await store.update(done, { expectedStatus: "running", targetKey: targetKeyOf(done) });
    expect(byScanId(await store.listActive())).toStrictEqual(active.filter((record) => record.scanId !== "scan_l3"));

    // When one of two active scans of a target ends, the other is still the target's active scan.
    const first = createTestScanRecord({ scanId: "scan_l1", status: "failed", url: "https://l1.test/" });
    await store.update(first, { expectedStatus: "queued", targetKey: targetKeyOf(first) });
    expect(await store.findActive(targetKeyOf(first))).toStrictEqual(active[4]);
  },
} satisfies Record<string, ScanStoreCase>;
