import { targetKeyOf, type ScanRecord, type ScanStore } from "@public-scan/core";
import { expect } from "vitest";
import { createTestScanRecord } from "./create-test-scan-record.js";
import type { ScanStoreCase } from "./scan-store-case.js";

const WRITERS = 20;
const HANDLES = 4;

const keyOf = (record: ScanRecord) => ({ targetKey: targetKeyOf(record) });

/**
 * createIfNoActive and discardPending: the atomic "one new scan per target" step that several API processes
 * sharing a store rely on, and the compare-and-delete that leaves nothing of a refused request.
 */
export const RESERVATION_SCAN_STORE_CASES = {
  "createIfNoActive stores the record as the target's active scan when it has none": async ({ store }) => {
    const pending = createTestScanRecord({ scanId: "scan_reserve", status: "pending" });
    expect(await store.createIfNoActive(pending, keyOf(pending))).toStrictEqual({ created: true });
    expect(await store.get("scan_reserve")).toStrictEqual(pending);
    expect(await store.findActive(targetKeyOf(pending))).toStrictEqual(pending);
    expect(await store.listActive()).toStrictEqual([pending]);
  },

  "createIfNoActive writes nothing and names the active scan when the target has one": async ({ store }) => {
    const running = createTestScanRecord({ scanId: "scan_running", status: "running" });
    await store.create(running, keyOf(running));
    const second = createTestScanRecord({ scanId: "scan_second", status: "pending" });
    expect(await store.createIfNoActive(second, keyOf(second))).toStrictEqual({ created: false, active: running });
    expect(await store.get("scan_second")).toBeNull();
    expect(await store.listActive()).toStrictEqual([running]);
  },

  "createIfNoActive creates again once the target's scan ended": async ({ store }) => {
    const running = createTestScanRecord({ scanId: "scan_old", status: "running" });
    await store.create(running, keyOf(running));
    const failed = createTestScanRecord({ scanId: "scan_old", status: "failed" });
    await store.update(failed, { expectedStatus: "running", ...keyOf(failed) });
    const next = createTestScanRecord({ scanId: "scan_next", status: "pending" });
    expect(await store.createIfNoActive(next, keyOf(next))).toStrictEqual({ created: true });
    expect(await store.findActive(targetKeyOf(next))).toStrictEqual(next);
  },

  "createIfNoActive never overwrites a stored scanId, even of another target": async ({ store }) => {
    const completed = createTestScanRecord({ scanId: "scan_taken", status: "completed", url: "https://other.test/" });
    await store.create(completed, keyOf(completed));
    const clash = createTestScanRecord({ scanId: "scan_taken", status: "pending" });
    expect(await store.createIfNoActive(clash, keyOf(clash))).toStrictEqual({ created: false, active: completed });
    expect(await store.get("scan_taken")).toStrictEqual(completed);
    expect(await store.findActive(targetKeyOf(clash))).toBeNull();
  },

  "discardPending deletes a pending record and frees its target": async ({ store }) => {
    const pending = createTestScanRecord({ scanId: "scan_refused", status: "pending" });
    await store.createIfNoActive(pending, keyOf(pending));
    expect(await store.discardPending("scan_refused", keyOf(pending))).toBe(true);
    expect(await store.get("scan_refused")).toBeNull();
    expect(await store.findActive(targetKeyOf(pending))).toBeNull();
    expect(await store.listActive()).toStrictEqual([]);
    // Discarding twice is a no-op, and the target takes a new scan.
    expect(await store.discardPending("scan_refused", keyOf(pending))).toBe(false);
    const next = createTestScanRecord({ scanId: "scan_after", status: "pending" });
    expect(await store.createIfNoActive(next, keyOf(next))).toStrictEqual({ created: true });
  },

  "discardPending leaves a record that moved on from pending": async ({ store }) => {
    const pending = createTestScanRecord({ scanId: "scan_admitted", status: "pending" });
    await store.createIfNoActive(pending, keyOf(pending));
    const queued = { ...pending, status: "queued" as const };
    expect(await store.update(queued, { expectedStatus: "pending", ...keyOf(queued) })).toStrictEqual(queued);
    expect(await store.discardPending("scan_admitted", keyOf(queued))).toBe(false);
    expect(await store.get("scan_admitted")).toStrictEqual(queued);
    expect(await store.findActive(targetKeyOf(queued))).toStrictEqual(queued);
    expect(await store.discardPending("scan_missing", keyOf(queued))).toBe(false);
  },

  [`exactly one of ${WRITERS} concurrent createIfNoActive calls for one target stores its record`]: async ({ store, peer }) => {
    const stores: ScanStore[] = [store, ...(await Promise.all(Array.from({ length: HANDLES - 1 }, () => peer())))];
    const records = Array.from({ length: WRITERS }, (_, writer) => createTestScanRecord({ scanId: `scan_w${writer}`, status: "pending" }));
    const results = await Promise.all(records.map((record, writer) => stores[writer % HANDLES]!.createIfNoActive(record, keyOf(record))));
    const winners = records.filter((_, writer) => results[writer]!.created);
    expect(winners).toHaveLength(1);
    // Every loser was told the winner, and only the winner was stored.
    for (const result of results) if (!result.created) expect(result.active).toStrictEqual(winners[0]);
    expect(await store.listActive()).toStrictEqual(winners);
    for (const record of records) if (record !== winners[0]) expect(await store.get(record.scanId)).toBeNull();
  },
} satisfies Record<string, ScanStoreCase>;
