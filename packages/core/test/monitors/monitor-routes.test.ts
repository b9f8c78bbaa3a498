import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courier } from "../support/courier-versions.js";
import { CreatedMonitorSchema, MonitorListSchema, MonitorSchema } from "../../src/contract/index.js";
import { createMonitor } from "../../src/monitors/create-monitor.js";
import { deleteMonitor, pauseMonitor, resumeMonitor } from "../../src/monitors/change-monitor.js";
import { getMonitor, listMonitorRuns, listMonitors } from "../../src/monitors/read-monitors.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { createMonitorHarness } from "./monitor-harness.js";

const owner: Caller = { kind: "key", keyId: "key_owner" };
const stranger: Caller = { kind: "key", keyId: "key_stranger" };
const hourly = { kind: "interval", everySeconds: 3600 } as const;

describe("monitors: create, read, pause, resume, delete", () => {
  let harness: Awaited<ReturnType<typeof createMonitorHarness>>;
  beforeAll(async () => {
    harness = await createMonitorHarness({ versions: [courier()], settings: { maxPerKey: 2 } });
  });
  afterAll(() => harness.service.close());
  const create = (body: unknown, caller: Caller = owner) => createMonitor(harness.deps, { body, caller });

  it.each([
    { why: "an interval under the deployment's minimum", schedule: { kind: "interval", everySeconds: 60 }, message: /at most every 300 s/ },
    { why: "a cron expression that runs more often", schedule: { kind: "cron", expression: "*/2 * * * *" }, message: /every 120 s/ },
    { why: "a cron expression with seconds", schedule: { kind: "cron", expression: "0 0 * * * *" }, message: /five-field/ },
    { why: "a cron expression croner cannot read", schedule: { kind: "cron", expression: "61 * * * *" }, message: /cannot read/ },
    { why: "an unknown time zone", schedule: { kind: "cron", expression: "0 9 * * 1", timezone: "Mars/Olympus" }, message: /IANA/ },
  ])("refuses $why", async ({ schedule, message }) => {
    await expect(create({ url: "https://www.example.com/", schedule })).rejects.toMatchObject({ code: "invalid_request", message });
  });

  it.each([
    { why: "a plain-http webhook", webhook: { url: "http://hooks.example.net/x" }, message: /https/ },
    { why: "an unknown event", webhook: { url: "https://hooks.example.net/x", events: ["scan.deleted"] }, message: /webhook.events/ },
    { why: "credentials in the receiver's URL", webhook: { url: "https://u:p@hooks.example.net/x" }, message: /credentials/ },
  ])("refuses $why, storing nothing", async ({ webhook, message }) => {
    await expect(create({ url: "https://www.example.com/", schedule: hourly, webhook })).rejects.toMatchObject({
      code: "invalid_request",
      message,
    });
    expect(await harness.deps.monitors.listByOwner("key_owner")).toEqual([]);
  });

  it("refuses a caller without a key", async () => {
    await expect(
      create({ url: "https://www.example.com/", schedule: hourly }, { kind: "anonymous", ip: "198.51.100.7" }),
    ).rejects.toMatchObject({
      code: "unauthorized",
    });
  });

  it("creates a monitor, answers its secret once, seals what may be private, and registers its schedule", async () => {
    const outcome = await create({
      url: "https://www.example.com/shop?campaign=secret-token#top",
      name: "Shop",
      schedule: { kind: "cron", expression: "0 9 * * 1-5", timezone: "Europe/Paris" },
      webhook: { url: "https://hooks.example.net/scan?token=hook-token", events: ["scan.changed", "scan.changed"] },
    });
    expect(outcome.status).toBe(201);
    const created = CreatedMonitorSchema.parse(outcome.body);
    expect(created).toMatchObject({
      name: "Shop",
      url: "https://www.example.com/shop",
      domain: "www.example.com",
      scanFrom: "self_hosted",
      status: "active",
      webhook: { url: "https://hooks.example.net/scan", events: ["scan.changed"] },
      lastRun: null,
      links: { self: `https://scan.example.org/api/v2/monitors/${created.monitorId}` },
    });
    expect(created.webhookSecret).toMatch(/^whsec_/);
    expect(harness.scheduled.get(created.monitorId)).toEqual({ kind: "cron", expression: "0 9 * * 1-5", timezone: "Europe/Paris" });
    const stored = JSON.stringify(await harness.deps.monitors.get(created.monitorId));
    for (const secret of ["secret-token", "hook-token", created.webhookSecret!]) expect(stored).not.toContain(secret);
    // Read back: the same monitor, never the secret again.
    const read = MonitorSchema.parse((await getMonitor(harness.deps, { monitorId: created.monitorId.toUpperCase(), caller: owner })).body);
    expect(read).toEqual(MonitorSchema.parse({ ...created, webhookSecret: undefined }));
    expect(JSON.stringify(read)).not.toContain("whsec_");
  });

  it("caps a key's monitors, and another key's monitors are not found", async () => {
    const second = CreatedMonitorSchema.parse((await create({ url: "https://www.example.com/b", schedule: hourly })).body);
    await expect(create({ url: "https://www.example.com/c", schedule: hourly })).rejects.toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("2 monitors"),
    });
    const mine = MonitorListSchema.parse((await listMonitors(harness.deps, { caller: owner })).body);
    expect(mine.monitors.map((monitor) => monitor.monitorId)).toContain(second.monitorId);
    expect((await listMonitors(harness.deps, { caller: stranger })).body).toEqual({ monitors: [] });
    for (const read of [getMonitor, listMonitorRuns, pauseMonitor, resumeMonitor, deleteMonitor]) {
      await expect(read(harness.deps, { monitorId: second.monitorId, caller: stranger })).rejects.toMatchObject({ code: "not_found" });
    }
    await expect(getMonitor(harness.deps, { monitorId: "../keys", caller: owner })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("pauses, resumes and deletes, keeping the schedule in step", async () => {
    const { monitors } = MonitorListSchema.parse((await listMonitors(harness.deps, { caller: owner })).body);
    const monitorId = monitors[0]!.monitorId;
    const paused = MonitorSchema.parse((await pauseMonitor(harness.deps, { monitorId, caller: owner })).body);
    expect(paused).toMatchObject({ status: "paused", statusReason: "paused_by_owner" });
    expect(harness.scheduled.has(monitorId)).toBe(false);
    expect(MonitorSchema.parse((await pauseMonitor(harness.deps, { monitorId, caller: owner })).body).status).toBe("paused");
    const resumed = MonitorSchema.parse((await resumeMonitor(harness.deps, { monitorId, caller: owner })).body);
    expect(resumed).toMatchObject({ status: "active", statusReason: null });
    expect(harness.scheduled.has(monitorId)).toBe(true);
    expect((await deleteMonitor(harness.deps, { monitorId, caller: owner })).body).toEqual({ monitorId, deleted: true });
    expect(harness.scheduled.has(monitorId)).toBe(false);
    await expect(getMonitor(harness.deps, { monitorId, caller: owner })).rejects.toMatchObject({ code: "not_found" });
    // The cap counts what is left: one more fits.
    expect((await create({ url: "https://www.example.com/d", schedule: hourly })).status).toBe(201);
  });
});
