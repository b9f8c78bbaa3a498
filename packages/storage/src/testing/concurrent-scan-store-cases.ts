import { targetKeyOf, type ScanStore } from "@public-scan/core";
import { expect } from "vitest";
import { createTestScanRecord } from "./create-test-scan-record.js";
import type { ScanStoreCase } from "./scan-store-case.js";

const WRITERS = 20;
const HANDLES = 4;

async function handles(store: ScanStore, peer: () => Promise<ScanStore>): Promise<ScanStore[]> {
  const more = await Promise.all(Array.from({ length: HANDLES - 1 }, () => peer()));
  return [store, ...more];
}

/** Many writers at once, spread over several handles when the store is durable (connections or file handles). */
export const CONCURRENT_SCAN_STORE_CASES = {
  [`exactly one of ${WRITERS} concurrent updates expecting the same status succeeds`]: async ({ store, peer }) => {
    const queued = createTestScanRecord({ scanId: "scan_race", status: "queued" });
    const targetKey = targetKeyOf(queued);
    await store.create(queued, { targetKey });
    const stores = await handles(store, peer);
    const attempts = Array.from({ length: WRITERS }, (_, worker) => ({
      ...createTestScanRecord({ scanId: "scan_race", status: "running" }),
      jobId: `worker_${worker}`,
    }));
    const results = await Promise.all(
      attempts.map((record, worker) => stores[worker % HANDLES]!.update(record, { expectedStatus: "queued", targetKey })),
    );
    const winners = results.filter((result) => result !== null);
    expect(winners).toHaveLength(1);
    expect(await store.get("scan_race")).toStrictEqual(winners[0]);
    expect(await store.findActive(targetKey)).toStrictEqual(winners[0]);
    expect(await store.listActive()).toStrictEqual(winners);

    // And of the next move too: every worker that still believes "running" races to complete it.
    const completions = Array.from({ length: WRITERS }, (_, worker) => ({
      ...createTestScanRecord({ scanId: "scan_race", status: "completed" }),
      jobId: `worker_${worker}`,
    }));
    const done = await Promise.all(
      completions.map((record, worker) => stores[worker % HANDLES]!.update(record, { expectedStatus: "running", targetKey })),
    );
    const finishers = done.filter((result) => result !== null);
    expect(finishers).toHaveLength(1);
    expect(await store.findReusable(targetKey, "2000-01-01T00:00:00.000Z")).toStrictEqual(finishers[0]);
    expect(await store.listActive()).toStrictEqual([]);
  },

  [`exactly one of ${WRITERS} concurrent creates of one scanId succeeds`]: async ({ store, peer }) => {
    const stores = await handles(store, peer);
    const records = Array.from({ length: WRITERS }, (_, worker) => ({
      ...createTestScanRecord({ scanId: "scan_create_race", status: "queued" }),
      jobId: `worker_${worker}`,
    }));
    const results = await Promise.all(
      records.map((record, worker) => stores[worker % HANDLES]!.create(record, { targetKey: targetKeyOf(record) })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = records[results.indexOf(true)];
    expect(await store.get("scan_create_race")).toStrictEqual(winner);
    expect(await store.listActive()).toStrictEqual([winner]);
  },
} satisfies Record<string, ScanStoreCase>;
