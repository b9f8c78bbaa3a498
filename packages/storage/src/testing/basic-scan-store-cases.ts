import { targetKeyOf, type ScanRecord } from "@public-scan/core";
import { expect } from "vitest";
import { createTestScanRecord } from "./create-test-scan-record.js";
import type { ScanStoreCase } from "./scan-store-case.js";

const keyOf = (record: ScanRecord) => ({ targetKey: targetKeyOf(record) });

/** Reads, create-once, compare-and-set updates, faithful copies. */
export const BASIC_SCAN_STORE_CASES = {
  "get of a missing id is null": async ({ store }) => {
    expect(await store.get("scan_missing")).toBeNull();
  },

  "create refuses an existing scanId and does not overwrite it": async ({ store }) => {
    const record = createTestScanRecord({ scanId: "scan_a", status: "queued" });
    expect(await store.create(record, keyOf(record))).toBe(true);
    expect(await store.get("scan_a")).toStrictEqual(record);
    const retry = { ...record, status: "running" as const, progressPercent: 50, attempts: 3 };
    expect(await store.create(retry, keyOf(retry))).toBe(false);
    expect(await store.get("scan_a")).toStrictEqual(record);
    // The refused create did not index the record as running either.
    expect(await store.listActive()).toStrictEqual([record]);
  },

  "update is a compare-and-set on the stored status": async ({ store }) => {
    const queued = createTestScanRecord({ scanId: "scan_cas", status: "queued" });
    await store.create(queued, keyOf(queued));
    const running = createTestScanRecord({ scanId: "scan_cas", status: "running" });

    expect(await store.update(running, { expectedStatus: "running", ...keyOf(running) })).toBeNull();
    expect(await store.get("scan_cas")).toStrictEqual(queued);

    expect(await store.update(running, { expectedStatus: "queued", ...keyOf(running) })).toStrictEqual(running);
    expect(await store.get("scan_cas")).toStrictEqual(running);

    // A second worker that also read "queued" loses.
    const other = { ...running, attempts: 2 };
    expect(await store.update(other, { expectedStatus: "queued", ...keyOf(other) })).toBeNull();
    expect(await store.get("scan_cas")).toStrictEqual(running);

    // Progress within one status is a compare-and-set on that status.
    const progressed = { ...running, progressPercent: 60 };
    expect(await store.update(progressed, { expectedStatus: "running", ...keyOf(progressed) })).toStrictEqual(progressed);
    expect(await store.get("scan_cas")).toStrictEqual(progressed);
  },

  "update of a missing record returns null and creates nothing": async ({ store }) => {
    const record = createTestScanRecord({ scanId: "scan_ghost", status: "running" });
    expect(await store.update(record, { expectedStatus: "queued", ...keyOf(record) })).toBeNull();
    expect(await store.get("scan_ghost")).toBeNull();
    expect(await store.findActive(targetKeyOf(record))).toBeNull();
    expect(await store.listActive()).toStrictEqual([]);
  },

  "a terminal record cannot be moved by a caller expecting its old status": async ({ store }) => {
    const running = createTestScanRecord({ scanId: "scan_done", status: "running" });
    await store.create(running, keyOf(running));
    const completed = createTestScanRecord({ scanId: "scan_done", status: "completed" });
    expect(await store.update(completed, { expectedStatus: "running", ...keyOf(completed) })).toStrictEqual(completed);

    const late = createTestScanRecord({ scanId: "scan_done", status: "failed" });
    expect(await store.update(late, { expectedStatus: "running", ...keyOf(late) })).toBeNull();
    const requeued = createTestScanRecord({ scanId: "scan_done", status: "queued" });
    expect(await store.update(requeued, { expectedStatus: "running", ...keyOf(requeued) })).toBeNull();
    // Not even a caller that names the terminal status can change it.
    const rescored = createTestScanRecord({ scanId: "scan_done", status: "completed_limited" });
    expect(await store.update(rescored, { expectedStatus: "completed", ...keyOf(rescored) })).toBeNull();
    expect(await store.get("scan_done")).toStrictEqual(completed);
    // ...and its index entries stayed where the completed record put them.
    expect(await store.findActive(targetKeyOf(completed))).toBeNull();
    expect(await store.findReusable(targetKeyOf(completed), "2026-08-15T00:00:00.000Z")).toStrictEqual(completed);
    expect(await store.listActive()).toStrictEqual([]);

    const failedRunning = createTestScanRecord({ scanId: "scan_failed", status: "running", url: "https://failed.test/" });
    await store.create(failedRunning, keyOf(failedRunning));
    const failed = createTestScanRecord({ scanId: "scan_failed", status: "failed", url: "https://failed.test/" });
    await store.update(failed, { expectedStatus: "running", ...keyOf(failed) });
    const revived = createTestScanRecord({ scanId: "scan_failed", status: "completed", url: "https://failed.test/" });
    expect(await store.update(revived, { expectedStatus: "running", ...keyOf(revived) })).toBeNull();
    expect(await store.get("scan_failed")).toStrictEqual(failed);
    expect(await store.findReusable(targetKeyOf(failed), "2026-08-15T00:00:00.000Z")).toBeNull();
  },

  "records come back deep-equal, nested objects and nulls included": async ({ store }) => {
    const completed = createTestScanRecord({ scanId: "scan_full", status: "completed_limited", url: "https://full.test/path/" });
    const failed = createTestScanRecord({ scanId: "scan_err", status: "failed", url: "https://err.test/", scanFrom: null });
    const active = { ...createTestScanRecord({ scanId: "scan_live", status: "running" }), url: "https://live.test/ünïcode/✓" };
    for (const record of [completed, failed, active]) expect(await store.create(record, keyOf(record))).toBe(true);

    expect(await store.get("scan_full")).toStrictEqual(completed);
    expect(await store.get("scan_err")).toStrictEqual(failed);
    expect(await store.get("scan_live")).toStrictEqual(active);
    expect(await store.findReusable(targetKeyOf(completed), "2000-01-01T00:00:00.000Z")).toStrictEqual(completed);
    expect(await store.latestForDomain("full.test")).toStrictEqual(completed);
    expect(await store.findActive(targetKeyOf(active))).toStrictEqual(active);
    expect(await store.listActive()).toStrictEqual([active]);
  },

  "records are copies: mutating an argument or a returned object does not change the store": async ({ store }) => {
    const record = createTestScanRecord({ scanId: "scan_copy", status: "completed" });
    const original = structuredClone(record);
    await store.create(record, keyOf(record));
    record.report!.findings.push(structuredClone(record.report!.findings[0]!));
    record.report!.score = 1;
    record.progressPercent = 3;

    const first = (await store.get("scan_copy"))!;
    expect(first).toStrictEqual(original);
    first.report!.findings.length = 0;
    first.report!.coverage.limitations.push("changed");
    first.domain = "changed.test";
    const reused = (await store.findReusable(targetKeyOf(original), "2000-01-01T00:00:00.000Z"))!;
    reused.status = "failed";
    const latest = (await store.latestForDomain(original.domain))!;
    latest.diagnostics!.counts.frames = 99;
    expect(await store.get("scan_copy")).toStrictEqual(original);

    const queued = createTestScanRecord({ scanId: "scan_copy2", status: "queued", url: "https://copy.test/" });
    await store.create(queued, keyOf(queued));
    const running = createTestScanRecord({ scanId: "scan_copy2", status: "running", url: "https://copy.test/" });
    const returned = (await store.update(running, { expectedStatus: "queued", ...keyOf(running) }))!;
    returned.progressPercent = 77;
    running.attempts = 9;
    const listed = await store.listActive();
    listed[0]!.status = "failed";
    const active = (await store.findActive(targetKeyOf(running)))!;
    active.phase = "done";
    expect(await store.get("scan_copy2")).toStrictEqual(
      createTestScanRecord({ scanId: "scan_copy2", status: "running", url: "https://copy.test/" }),
    );
  },
} satisfies Record<string, ScanStoreCase>;
