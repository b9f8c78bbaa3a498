import { describe, expect, it } from "vitest";
import { courier, withTikTok } from "../support/courier-versions.js";
import {
  CreatedMonitorSchema,
  MonitorRunListSchema,
  MonitorSchema,
  RotatedMonitorSecretSchema,
  WebhookEventSchema,
} from "../../src/contract/index.js";
import { createMonitor } from "../../src/monitors/create-monitor.js";
import { getMonitor, listMonitorRuns } from "../../src/monitors/read-monitors.js";
import { rotateMonitorWebhookSecret } from "../../src/monitors/change-monitor.js";
import { resumeTimeOf, runMonitorTick } from "../../src/monitors/run-monitor-tick.js";
import { resumeMonitorRuns } from "../../src/monitors/sync-monitor-schedules.js";
import { createInProcessMonitorScheduler } from "../../src/stores/create-in-process-monitor-scheduler.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { createMonitorHarness } from "./monitor-harness.js";

const owner: Caller = { kind: "key", keyId: "key_owner" };
const tick = (hour: number) => new Date(Date.UTC(2026, 11, 7, hour)).toISOString();

async function monitorOn(harness: Awaited<ReturnType<typeof createMonitorHarness>>, events?: string[]) {
  const created = await createMonitor(harness.deps, {
    body: {
      url: "https://www.daily-courier.test/",
      schedule: { kind: "interval", everySeconds: 3600 },
      webhook: { url: "https://hooks.example.net/scan", ...(events === undefined ? {} : { events }) },
    },
    caller: owner,
  });
  return CreatedMonitorSchema.parse(created.body);
}

describe("a monitor's scheduled runs", () => {
  it("scans afresh each tick, and sends scan.completed, then scan.changed naming the new tracker, signed with its secret", async () => {
    const harness = await createMonitorHarness({ versions: [courier(), withTikTok(courier())] });
    try {
      const monitor = await monitorOn(harness);
      const first = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      expect(first).toMatchObject({ status: "completed", event: "scan.completed", delivery: { status: "delivered", attempts: 1 } });
      const second = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(2) });
      expect(second).toMatchObject({ status: "completed", event: "scan.changed", summary: expect.stringContaining("TikTok") });
      expect(second!.scanId).not.toBe(first!.scanId);
      expect(harness.sender.sent.map((message) => message.url)).toEqual([
        "https://hooks.example.net/scan",
        "https://hooks.example.net/scan",
      ]);
      expect(harness.sender.sent.every((message) => message.secrets.length === 1 && message.secrets[0] === monitor.webhookSecret)).toBe(
        true,
      );
      const changed = WebhookEventSchema.parse(JSON.parse(harness.sender.sent[1]!.body));
      expect(changed.type).toBe("scan.changed");
      if (changed.type !== "scan.changed") return;
      expect(changed.data.monitorId).toBe(monitor.monitorId);
      expect(changed.data.since.scanId).toBe(first!.scanId);
      expect(changed.data.started.map((row) => [row.phase, row.vendor, row.host])).toContainEqual([
        "pre_consent",
        "TikTok",
        "analytics.tiktok.com",
      ]);
      expect(harness.sender.sent[1]!.id).toBe(second!.delivery!.messageId);
      // The runs read back newest first, with their delivery logs; the monitor shows the latest.
      const runs = MonitorRunListSchema.parse((await listMonitorRuns(harness.deps, { monitorId: monitor.monitorId, caller: owner })).body);
      expect(runs.runs.map((run) => run.scheduledAt)).toEqual([tick(2), tick(1)]);
      const read = MonitorSchema.parse((await getMonitor(harness.deps, { monitorId: monitor.monitorId, caller: owner })).body);
      expect(read.lastRun?.runId).toBe(second!.runId);
    } finally {
      await harness.service.close();
    }
  });

  it("runs a tick once: the same tick again answers the stored run, scanning and sending nothing", async () => {
    const harness = await createMonitorHarness({ versions: [courier()] });
    try {
      const monitor = await monitorOn(harness);
      const first = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      const again = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      expect(again).toEqual(first);
      expect(harness.scans()).toBe(1);
      expect(harness.sender.sent).toHaveLength(1);
    } finally {
      await harness.service.close();
    }
  });

  it("goes on from where a run stopped: the same scan, no second one, then the delivery", async () => {
    const harness = await createMonitorHarness({ versions: [courier()] });
    try {
      const monitor = await monitorOn(harness);
      const done = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      // The state a process that died after creating its scan leaves: the run names the scan, nothing more.
      const interrupted = {
        ...done!,
        runId: `${monitor.monitorId}@${tick(2)}`,
        scheduledAt: tick(2),
        status: "running" as const,
        event: null,
        delivery: null,
        endedAt: null,
      };
      expect((await harness.deps.monitors.claimRun({ ...interrupted, monitorId: monitor.monitorId })).claimed).toBe(true);
      const resumed = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(2) });
      expect(resumed).toMatchObject({ scanId: done!.scanId, status: "completed", delivery: { status: "delivered" } });
      expect(harness.scans()).toBe(1);
    } finally {
      await harness.service.close();
    }
  });

  it("sends only the subscribed events, and never to a paused monitor", async () => {
    const harness = await createMonitorHarness({ versions: [courier()] });
    try {
      const monitor = await monitorOn(harness, ["scan.changed", "scan.failed"]);
      const run = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      expect(run).toMatchObject({ event: "scan.completed", delivery: null });
      expect(harness.sender.sent).toEqual([]);
      const record = (await harness.deps.monitors.get(monitor.monitorId))!;
      await harness.deps.monitors.update({ ...record, status: "paused", statusReason: "paused_by_owner" });
      expect(await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(2) })).toBeNull();
      expect(harness.scans()).toBe(1);
    } finally {
      await harness.service.close();
    }
  });

  it("disables the monitor after failing deliveries in a row, or at once on 410 Gone", async () => {
    const harness = await createMonitorHarness({ versions: [courier()], settings: { disableAfterFailures: 2 } });
    try {
      const failing = await monitorOn(harness);
      harness.sender.answer = { outcome: "failed", status: 503, gone: false };
      const firstFailure = await runMonitorTick(harness.deps, { monitorId: failing.monitorId, scheduledAt: tick(1) });
      expect(firstFailure!.delivery).toMatchObject({ status: "failed", lastResponseStatus: 503, lastError: "HTTP 503", attempts: 1 });
      expect(await harness.deps.monitors.get(failing.monitorId)).toMatchObject({ status: "active", consecutiveFailures: 1 });
      await runMonitorTick(harness.deps, { monitorId: failing.monitorId, scheduledAt: tick(2) });
      expect(await harness.deps.monitors.get(failing.monitorId)).toMatchObject({
        status: "disabled",
        statusReason: "webhook_failing",
        consecutiveFailures: 2,
      });
      expect(harness.scheduled.has(failing.monitorId)).toBe(false);

      const gone = await monitorOn(harness);
      harness.sender.answer = { outcome: "failed", status: 410, gone: true };
      await runMonitorTick(harness.deps, { monitorId: gone.monitorId, scheduledAt: tick(1) });
      expect(await harness.deps.monitors.get(gone.monitorId)).toMatchObject({ status: "disabled", statusReason: "webhook_gone" });
    } finally {
      await harness.service.close();
    }
  });

  it("disables the monitor of a revoked key instead of scanning", async () => {
    const harness = await createMonitorHarness({ versions: [courier()] });
    try {
      const monitor = await monitorOn(harness);
      await harness.keys.revoke("key_owner", new Date().toISOString());
      const run = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      expect(run).toMatchObject({ status: "skipped", error: { code: "forbidden", message: expect.stringContaining("revoked") } });
      expect(await harness.deps.monitors.get(monitor.monitorId)).toMatchObject({ status: "disabled", statusReason: "key_revoked" });
      expect(harness.scans()).toBe(0);
    } finally {
      await harness.service.close();
    }
  });

  it("drops the schedule of a monitor that no longer exists", async () => {
    const harness = await createMonitorHarness({ versions: [courier()] });
    try {
      harness.scheduled.set("6d0e4c1a-2b7f-4f0e-9a51-000000000099", {});
      expect(await runMonitorTick(harness.deps, { monitorId: "6d0e4c1a-2b7f-4f0e-9a51-000000000099", scheduledAt: tick(1) })).toBeNull();
      expect(harness.scheduled.size).toBe(0);
    } finally {
      await harness.service.close();
    }
  });
});

/** A run of `monitorId` for one tick, left running before it created its scan (another process's, or a dead one's). */
const runningRun = (monitorId: string, at: { scheduledAt: string; startedAt: string }) => ({
  monitorId,
  runId: `${monitorId}@${at.scheduledAt}`,
  ...at,
  endedAt: null,
  status: "running" as const,
  scanId: null,
  event: null,
  summary: null,
  error: null,
  delivery: null,
});

describe("overlapping ticks", () => {
  it("skips a tick while the previous run still follows its scan", async () => {
    const harness = await createMonitorHarness({ versions: [courier()] });
    try {
      const monitor = await monitorOn(harness);
      await harness.deps.monitors.claimRun(runningRun(monitor.monitorId, { scheduledAt: tick(1), startedAt: new Date().toISOString() }));
      const skipped = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(2) });
      expect(skipped).toMatchObject({ status: "skipped", scanId: null, error: { message: "The previous run was still in progress." } });
      expect(harness.scans()).toBe(0);
    } finally {
      await harness.service.close();
    }
  });

  it("no longer waits for a run left running longer than a run can take", async () => {
    const harness = await createMonitorHarness({ versions: [courier()], settings: { scanWaitMs: 1000 } });
    try {
      const monitor = await monitorOn(harness);
      const abandoned = new Date(Date.now() - 60_000).toISOString();
      await harness.deps.monitors.claimRun(runningRun(monitor.monitorId, { scheduledAt: tick(1), startedAt: abandoned }));
      expect(await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(2) })).toMatchObject({
        status: "completed",
      });
    } finally {
      await harness.service.close();
    }
  });
});

describe("a run stopped during its delivery", () => {
  it("stays running with its delivery pending, and the next attempt sends the same message", async () => {
    const harness = await createMonitorHarness({ versions: [courier()] });
    try {
      const monitor = await monitorOn(harness);
      const deliver = harness.sender.deliver.bind(harness.sender);
      // The process "dies" inside its delivery: the sender never answers, and the run is looked at meanwhile.
      let seen: unknown;
      harness.sender.deliver = async () => {
        seen = (await harness.deps.monitors.listRuns(monitor.monitorId, 1))[0];
        throw new Error("process killed");
      };
      await expect(runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) })).rejects.toThrow("process killed");
      expect(seen).toMatchObject({ status: "running", event: "scan.completed", delivery: { status: "pending" } });
      harness.sender.deliver = deliver;
      const resumed = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      expect(resumed).toMatchObject({ status: "completed", delivery: { status: "delivered" } });
      expect(harness.sender.sent).toHaveLength(1);
      expect(harness.scans()).toBe(1);
    } finally {
      await harness.service.close();
    }
  });
});

describe("rotating a monitor's signing secret", () => {
  it("signs with the new and the previous secret during the overlap, then with the new one alone", async () => {
    for (const overlap of [3600, 0]) {
      const harness = await createMonitorHarness({ versions: [courier()], settings: { rotationOverlapSeconds: overlap } });
      try {
        const monitor = await monitorOn(harness);
        const rotated = RotatedMonitorSecretSchema.parse(
          (await rotateMonitorWebhookSecret(harness.deps, { monitorId: monitor.monitorId, caller: owner })).body,
        );
        expect(rotated.webhookSecret).toMatch(/^whsec_/);
        expect(rotated.webhookSecret).not.toBe(monitor.webhookSecret);
        await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
        expect(harness.sender.sent[0]!.secrets).toEqual(
          overlap > 0 ? [rotated.webhookSecret, monitor.webhookSecret] : [rotated.webhookSecret],
        );
        const read = MonitorSchema.parse((await getMonitor(harness.deps, { monitorId: monitor.monitorId, caller: owner })).body);
        expect(JSON.stringify(read)).not.toContain("whsec_");
      } finally {
        await harness.service.close();
      }
    }
  });
});

describe("a run paused while its scan runs (a Lambda invocation ending)", () => {
  it("answers the run still running, and the next delivery of the tick finishes it with the same scan", async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const harness = await createMonitorHarness({ versions: [courier()], scanGate: gate });
    try {
      const monitor = await monitorOn(harness);
      const paused = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) }, { pauseAt: Date.now() });
      expect(paused).toMatchObject({ status: "running", scanId: expect.any(String), delivery: null });
      open();
      const finished = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      expect(finished).toMatchObject({ status: "completed", scanId: paused!.scanId, delivery: { status: "delivered" } });
      expect(harness.scans()).toBe(1);
    } finally {
      open();
      await harness.service.close();
    }
  });
});

describe("a delivery whose retry falls after the pass ends (a Lambda invocation, a long backoff)", () => {
  it("leaves it pending with its next attempt's time, lets the next tick scan, and a later pass goes on with the schedule", async () => {
    const harness = await createMonitorHarness({ versions: [courier()], settings: { disableAfterFailures: 1 } });
    try {
      const monitor = await monitorOn(harness);
      const retryAt = new Date(Date.now() + 60_000).toISOString();
      harness.sender.answer = { outcome: "pending", status: 503, gone: false, retryAt };
      const pauseAt = Date.now() + 30_000;
      const first = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) }, { pauseAt });
      expect(first).toMatchObject({
        status: "running",
        event: "scan.completed",
        delivery: { status: "pending", attempts: 1, lastResponseStatus: 503, nextAttemptAt: retryAt },
      });
      expect(harness.sender.sent.at(-1)).toMatchObject({ priorAttempts: 0, until: pauseAt });
      // Not a failed delivery yet: the monitor is not disabled (it would be after one failure here).
      expect(await harness.deps.monitors.get(monitor.monitorId)).toMatchObject({ status: "active", consecutiveFailures: 0 });
      const listed = MonitorRunListSchema.parse(
        (await listMonitorRuns(harness.deps, { monitorId: monitor.monitorId, caller: owner })).body,
      );
      expect(listed.runs[0]!.delivery).toMatchObject({ status: "pending", nextAttemptAt: retryAt });

      // Its scan ended: the next tick is not held up by a delivery waiting to retry.
      harness.sender.answer = { outcome: "delivered", status: 204, gone: false };
      const next = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(2) });
      expect(next).toMatchObject({ status: "completed", delivery: { status: "delivered" } });

      // A pass that must end before the retry is due sends nothing and leaves the run as it was.
      const sent = harness.sender.sent.length;
      const early = await runMonitorTick(
        harness.deps,
        { monitorId: monitor.monitorId, scheduledAt: tick(1) },
        { pauseAt: Date.now() + 1_000 },
      );
      expect(early).toMatchObject({ status: "running", delivery: { status: "pending", nextAttemptAt: retryAt } });
      expect(harness.sender.sent).toHaveLength(sent);

      // Once the retry is due, the run's next pass makes it, after the attempt already made.
      const due = (await harness.deps.monitors.listRuns(monitor.monitorId, 5)).find((run) => run.scheduledAt === tick(1))!;
      await harness.deps.monitors.saveRun({
        ...due,
        delivery: { ...due.delivery!, nextAttemptAt: new Date(Date.now() - 1).toISOString() },
      });
      const done = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      expect(done).toMatchObject({
        status: "completed",
        scanId: first!.scanId,
        delivery: { status: "delivered", attempts: 2, nextAttemptAt: null },
      });
      expect(harness.sender.sent.at(-1)).toMatchObject({ priorAttempts: 1, id: harness.sender.sent[0]!.id });
      expect(harness.scans()).toBe(2);
    } finally {
      await harness.service.close();
    }
  });
});

describe("a run handed back to its engine while its delivery waits (one process, croner)", () => {
  it("is taken up again by a timer when its retry is due, and a restart's resume goes through the engine too", async () => {
    const harness = await createMonitorHarness({ versions: [courier()], settings: { retryInlineMs: 0 } });
    // The engine as the reference server composes it: a run not over asks to be run again when it is due.
    const engine = createInProcessMonitorScheduler()(async (tick) => {
      const resumeAt = resumeTimeOf(await runMonitorTick(harness.deps, tick));
      return resumeAt === null ? undefined : { resumeAt };
    });
    try {
      const monitor = await monitorOn(harness);
      harness.sender.answer = { outcome: "pending", status: 503, gone: false, retryAt: new Date(Date.now() + 300).toISOString() };
      const first = await runMonitorTick(harness.deps, { monitorId: monitor.monitorId, scheduledAt: tick(1) });
      expect(first).toMatchObject({ status: "running", delivery: { status: "pending" } });
      // A restart: the host resumes the run through its engine (runNow), which keeps the resume timer.
      harness.sender.answer = { outcome: "delivered", status: 204, gone: false };
      expect(await resumeMonitorRuns({ ...harness.deps, scheduler: engine }, (error) => expect.fail(String(error)))).toBe(1);
      const deadline = Date.now() + 10_000;
      let run = first;
      while (run?.status === "running" && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        run = (await harness.deps.monitors.listRuns(monitor.monitorId, 1))[0] ?? null;
      }
      expect(run).toMatchObject({ status: "completed", delivery: { status: "delivered", attempts: 2 } });
      // The retry was not made before it was due.
      expect(Date.parse(run!.delivery!.lastAttemptAt!)).toBeGreaterThanOrEqual(Date.parse(first!.delivery!.nextAttemptAt!) - 5);
      expect(harness.sender.sent).toHaveLength(2);
    } finally {
      await engine.close();
      await harness.service.close();
    }
  });
});
