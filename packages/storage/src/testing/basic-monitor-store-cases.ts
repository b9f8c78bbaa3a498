import { MAX_MONITOR_RUNS } from "@public-scan/core";
import { expect } from "vitest";
import { createTestMonitorRecord, createTestMonitorRun, testMonitorId, testTick } from "./create-test-monitor-record.js";
import type { MonitorStoreCase } from "./monitor-store-case.js";

/** What every MonitorStore does, alone. */
export const BASIC_MONITOR_STORE_CASES = {
  "a created monitor reads back equal, and unknown ids read null": async ({ store }) => {
    const record = createTestMonitorRecord({
      sealedUrl: "sealed:v1:query",
      schedule: { kind: "cron", expression: "0 9 * * 1", timezone: "Europe/Paris" },
    });
    expect(await store.create(record, { maxPerOwner: 5 })).toBe("created");
    expect(await store.get(record.monitorId)).toStrictEqual(record);
    expect(await store.get(testMonitorId(999))).toBeNull();
    expect(await store.listRuns(testMonitorId(999), 5)).toStrictEqual([]);
  },
  "an owner's monitors list newest first, and only theirs": async ({ store }) => {
    const old = createTestMonitorRecord({ monitorId: testMonitorId(1), createdAt: "2026-12-01T10:00:00.000Z" });
    const same1 = createTestMonitorRecord({ monitorId: testMonitorId(2), createdAt: "2026-12-02T10:00:00.000Z" });
    const same2 = createTestMonitorRecord({ monitorId: testMonitorId(3), createdAt: "2026-12-02T10:00:00.000Z", webhook: null });
    const other = createTestMonitorRecord({ monitorId: testMonitorId(4), ownerKeyId: "key_other" });
    for (const record of [old, same2, other, same1]) expect(await store.create(record, { maxPerOwner: 5 })).toBe("created");
    expect(await store.listByOwner("key_owner1")).toStrictEqual([same2, same1, old]);
    expect(await store.listByOwner("key_other")).toStrictEqual([other]);
    expect(await store.listByOwner("key_nobody")).toStrictEqual([]);
  },
  "the cap counts an owner's monitors, whatever their status, and frees up on delete": async ({ store }) => {
    const first = createTestMonitorRecord({ monitorId: testMonitorId(1), status: "paused", statusReason: "paused_by_owner" });
    const second = createTestMonitorRecord({ monitorId: testMonitorId(2) });
    const third = createTestMonitorRecord({ monitorId: testMonitorId(3) });
    expect(await store.create(first, { maxPerOwner: 2 })).toBe("created");
    expect(await store.create(second, { maxPerOwner: 2 })).toBe("created");
    expect(await store.create(third, { maxPerOwner: 2 })).toBe("cap_reached");
    expect(await store.get(third.monitorId)).toBeNull();
    // Another owner has a cap of their own.
    expect(await store.create({ ...third, ownerKeyId: "key_other" }, { maxPerOwner: 2 })).toBe("created");
    expect(await store.delete(first.monitorId)).toBe(true);
    expect(await store.create({ ...third, monitorId: testMonitorId(5) }, { maxPerOwner: 2 })).toBe("created");
  },
  "update replaces a stored monitor, and refuses a deleted one": async ({ store }) => {
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 5 });
    const paused = {
      ...record,
      status: "paused" as const,
      statusReason: "paused_by_owner" as const,
      updatedAt: "2026-12-02T00:00:00.000Z",
    };
    expect(await store.update(paused)).toBe(true);
    expect(await store.get(record.monitorId)).toStrictEqual(paused);
    expect(await store.delete(record.monitorId)).toBe(true);
    expect(await store.update(record)).toBe(false);
    expect(await store.get(record.monitorId)).toBeNull();
    expect(await store.delete(record.monitorId)).toBe(false);
  },
  "listActive holds the active monitors of every owner, and follows status changes": async ({ store }) => {
    const active = createTestMonitorRecord({ monitorId: testMonitorId(1) });
    const paused = createTestMonitorRecord({ monitorId: testMonitorId(2), status: "paused", statusReason: "paused_by_owner" });
    const otherOwner = createTestMonitorRecord({
      monitorId: testMonitorId(3),
      ownerKeyId: "key_other",
      createdAt: "2026-12-03T00:00:00.000Z",
    });
    for (const record of [active, paused, otherOwner]) await store.create(record, { maxPerOwner: 5 });
    expect((await store.listActive()).map((record) => record.monitorId).sort()).toStrictEqual([active.monitorId, otherOwner.monitorId]);
    await store.update({ ...active, status: "disabled", statusReason: "webhook_failing" });
    await store.update({ ...paused, status: "active", statusReason: null });
    expect((await store.listActive()).map((record) => record.monitorId).sort()).toStrictEqual([paused.monitorId, otherOwner.monitorId]);
    await store.delete(otherOwner.monitorId);
    expect((await store.listActive()).map((record) => record.monitorId)).toStrictEqual([paused.monitorId]);
  },
  "a tick's run is claimed once; later claims read the stored run": async ({ store }) => {
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 5 });
    const run = createTestMonitorRun(record.monitorId, testTick(1));
    expect(await store.claimRun(run)).toStrictEqual({ claimed: true, run });
    const progressed = { ...run, scanId: "3f1c9a52-7c1e-4c55-9b0e-2f4b8e2d6a10" };
    expect(await store.saveRun(progressed)).toBe(true);
    expect(await store.claimRun({ ...run, startedAt: testTick(2) })).toStrictEqual({ claimed: false, run: progressed });
    expect(await store.listRuns(record.monitorId, 5)).toStrictEqual([progressed]);
  },
  "runs list newest tick first, and only the newest are kept": async ({ store }) => {
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 5 });
    // Claimed out of order: the order is the ticks', not the claims'.
    const hours = Array.from({ length: MAX_MONITOR_RUNS + 3 }, (_, index) => (index * 7) % (MAX_MONITOR_RUNS + 3));
    for (const hour of hours) await store.claimRun(createTestMonitorRun(record.monitorId, testTick(hour)));
    const kept = await store.listRuns(record.monitorId, 100);
    expect(kept.map((run) => run.scheduledAt)).toStrictEqual(
      Array.from({ length: MAX_MONITOR_RUNS }, (_, index) => testTick(MAX_MONITOR_RUNS + 2 - index)),
    );
    expect(await store.listRuns(record.monitorId, 2)).toStrictEqual(kept.slice(0, 2));
    // A tick older than every kept run is not kept either, and a dropped run cannot be saved.
    expect(await store.claimRun(createTestMonitorRun(record.monitorId, testTick(0)))).toStrictEqual({ claimed: false, run: null });
    expect(await store.saveRun(createTestMonitorRun(record.monitorId, testTick(1), { status: "completed" }))).toBe(false);
  },
  "a deleted monitor's runs go with it, and no run is claimed for it": async ({ store }) => {
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 5 });
    await store.claimRun(createTestMonitorRun(record.monitorId, testTick(1)));
    await store.delete(record.monitorId);
    expect(await store.listRuns(record.monitorId, 5)).toStrictEqual([]);
    expect(await store.claimRun(createTestMonitorRun(record.monitorId, testTick(2)))).toStrictEqual({ claimed: false, run: null });
    expect(await store.saveRun(createTestMonitorRun(record.monitorId, testTick(1)))).toBe(false);
    // Recreated under the same id, it starts without runs.
    await store.create(record, { maxPerOwner: 5 });
    expect(await store.listRuns(record.monitorId, 5)).toStrictEqual([]);
  },
} satisfies Record<string, MonitorStoreCase>;
