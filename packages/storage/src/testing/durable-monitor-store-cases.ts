import { expect } from "vitest";
import { createTestMonitorRecord, createTestMonitorRun, testTick } from "./create-test-monitor-record.js";
import type { MonitorStoreCase } from "./monitor-store-case.js";

/** Run only for stores declared durable: monitors and runs are there after every handle closed. */
export const DURABLE_MONITOR_STORE_CASES = {
  "monitors, runs and the cap survive close and reopen": async ({ store, reopen }) => {
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 1 });
    const run = createTestMonitorRun(record.monitorId, testTick(1), { status: "completed", event: "scan.completed" });
    await store.claimRun(run);
    const reopened = await reopen();
    expect(await reopened.get(record.monitorId)).toStrictEqual(record);
    expect(await reopened.listActive()).toStrictEqual([record]);
    expect(await reopened.listRuns(record.monitorId, 5)).toStrictEqual([run]);
    expect(await reopened.claimRun(run)).toStrictEqual({ claimed: false, run });
    expect(await reopened.create(createTestMonitorRecord({ monitorId: "6d0e4c1a-2b7f-4f0e-9a51-000000000009" }), { maxPerOwner: 1 })).toBe(
      "cap_reached",
    );
  },
} satisfies Record<string, MonitorStoreCase>;
