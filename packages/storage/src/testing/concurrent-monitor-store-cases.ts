import { expect } from "vitest";
import { createTestMonitorRecord, createTestMonitorRun, testMonitorId, testTick } from "./create-test-monitor-record.js";
import type { MonitorStoreCase } from "./monitor-store-case.js";

const WRITERS = 12;

/** Races between handles (processes sharing a durable store, or callers of one in-memory store). */
export const CONCURRENT_MONITOR_STORE_CASES = {
  "concurrent creations by one owner never pass the cap": async ({ store, peer }) => {
    const handles = [store, await peer(), await peer()];
    const results = await Promise.all(
      Array.from({ length: WRITERS }, (_, index) =>
        handles[index % handles.length]!.create(createTestMonitorRecord({ monitorId: testMonitorId(index + 1) }), { maxPerOwner: 3 }),
      ),
    );
    expect(results.filter((result) => result === "created")).toHaveLength(3);
    expect(await store.listByOwner("key_owner1")).toHaveLength(3);
  },
  "concurrent claims of one tick: exactly one wins, all read the same run": async ({ store, peer }) => {
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 5 });
    const handles = [store, await peer(), await peer()];
    const claims = await Promise.all(
      Array.from({ length: WRITERS }, (_, index) =>
        handles[index % handles.length]!.claimRun(createTestMonitorRun(record.monitorId, testTick(1), { startedAt: testTick(1 + index) })),
      ),
    );
    const winners = claims.filter((claim) => claim.claimed);
    expect(winners).toHaveLength(1);
    for (const claim of claims) expect(claim.run).toStrictEqual(winners[0]!.run);
    expect(await store.listRuns(record.monitorId, 5)).toHaveLength(1);
  },
} satisfies Record<string, MonitorStoreCase>;
