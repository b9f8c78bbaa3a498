import { targetKeyOf } from "@public-scan/core";
import { expect } from "vitest";
import { createTestScanRecord } from "./create-test-scan-record.js";
import type { ScanStoreCase } from "./scan-store-case.js";

/** Run only for stores declared durable: what was written is there after every handle closed. */
export const DURABLE_SCAN_STORE_CASES = {
  "records and indexes survive close and reopen": async ({ store, reopen }) => {
    const active = createTestScanRecord({ scanId: "scan_keep1", status: "running", url: "https://keep.test/a" });
    const completed = createTestScanRecord({ scanId: "scan_keep2", status: "completed", url: "https://keep.test/b" });
    const queued = createTestScanRecord({ scanId: "scan_keep3", status: "queued", url: "https://keep.test/c" });
    for (const record of [active, completed, queued]) await store.create(record, { targetKey: targetKeyOf(record) });
    const failed = createTestScanRecord({ scanId: "scan_keep3", status: "failed", url: "https://keep.test/c" });
    await store.update(failed, { expectedStatus: "queued", targetKey: targetKeyOf(failed) });

    const reopened = await reopen();
    expect(await reopened.get("scan_keep1")).toStrictEqual(active);
    expect(await reopened.get("scan_keep3")).toStrictEqual(failed);
    expect(await reopened.findActive(targetKeyOf(active))).toStrictEqual(active);
    expect(await reopened.findReusable(targetKeyOf(completed), "2000-01-01T00:00:00.000Z")).toStrictEqual(completed);
    expect(await reopened.latestForDomain("keep.test")).toStrictEqual(completed);
    expect(await reopened.listActive()).toStrictEqual([active]);
    // The compare-and-set and create-once rules hold against what was stored before.
    expect(await reopened.create(active, { targetKey: targetKeyOf(active) })).toBe(false);
    const moved = createTestScanRecord({ scanId: "scan_keep3", status: "running", url: "https://keep.test/c" });
    expect(await reopened.update(moved, { expectedStatus: "queued", targetKey: targetKeyOf(moved) })).toBeNull();
  },
} satisfies Record<string, ScanStoreCase>;
