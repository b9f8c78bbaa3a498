import { describe, expect, it, vi } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import type { JobQueueHandlers } from "../../src/ports/job-queue.js";
import { createInProcessJobQueue } from "../../src/stores/create-in-process-job-queue.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { DEFAULT_SERVICE_CONFIG, type ServiceDeps } from "../../src/use-cases/service-deps.js";
import { createUrlSealer } from "../../src/use-cases/create-url-sealer.js";
import { recoverInterruptedScans } from "../../src/use-cases/recover-interrupted-scans.js";
import { targetKeyOf } from "../../src/use-cases/normalize-target.js";
import { completedRecord } from "../fixtures/completed-record.js";

describe("in-process job queue", () => {
  it("runs at most `concurrency` jobs, each scan once, and a throwing job fails alone", async () => {
    let active = 0;
    let peak = 0;
    const ran: string[] = [];
    const errors: string[] = [];
    const queue = createInProcessJobQueue({
      concurrency: 2,
      handler: async ({ scanId }) => {
        active += 1;
        peak = Math.max(peak, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active -= 1;
        ran.push(scanId);
        if (scanId === "b") throw new Error("browser crashed");
      },
      onError: (_error, job) => errors.push(job.scanId),
    });
    for (const scanId of ["a", "b", "c", "d", "a"]) await queue.enqueue({ scanId });
    await queue.drain();
    expect(peak).toBe(2);
    expect(ran.sort()).toEqual(["a", "b", "c", "d"]);
    expect(errors).toEqual(["b"]);
    await queue.close();
    await expect(queue.enqueue({ scanId: "e" })).rejects.toThrow("closed");
  });
});

describe("memory scan store", () => {
  it("creates once, and moves a record only from the status it expects", async () => {
    const store = createMemoryScanStore();
    const record = completedRecord("quiet-bakery", { status: "queued", report: null } as never);
    const targetKey = targetKeyOf(record);
    expect(await store.create(record, { targetKey })).toBe(true);
    expect(await store.create(record, { targetKey })).toBe(false);
    expect(await store.update({ ...record, status: "running" }, { expectedStatus: "queued", targetKey })).toMatchObject({
      status: "running",
    });
    expect(await store.update({ ...record, status: "failed" }, { expectedStatus: "queued", targetKey })).toBeNull();
    expect((await store.get(record.scanId))?.status).toBe("running");
    const stored = (await store.get(record.scanId))!;
    stored.status = "completed";
    expect((await store.get(record.scanId))?.status).toBe("running");
  });
});

describe("recoverInterruptedScans", () => {
  it("requeues queued scans, retries an interrupted one once, then fails it", async () => {
    const scans = createMemoryScanStore();
    const enqueued: string[] = [];
    const deps = {
      scans,
      queue: {
        enqueue: (job: { scanId: string }) => Promise.resolve(void enqueued.push(job.scanId)),
        drain: () => Promise.resolve(),
        close: () => Promise.resolve(),
        depth: () => Promise.resolve({ waiting: 0, running: enqueued.length }),
      },
      quota: {
        consume: () => Promise.reject(new Error("unused")),
        peek: () => Promise.reject(new Error("unused")),
        chargeRefusal: () => Promise.reject(new Error("unused")),
      },
      clock: { now: () => Date.parse("2026-11-23T12:00:00.000Z") },
      ids: { scanId: () => "x", jobId: () => "y" },
      config: { ...DEFAULT_SERVICE_CONFIG, baseUrl: "https://scan.example.org" },
      sealer: createUrlSealer(),
    } satisfies ServiceDeps;
    const make = (scanId: string, status: "queued" | "running", attempts: number) =>
      completedRecord("quiet-bakery", { scanId, status, attempts, report: null, url: `https://www.quiet-bakery.test/${scanId}` });
    for (const record of [
      make("11111111-1111-4111-8111-111111111111", "queued", 0),
      make("22222222-2222-4222-8222-222222222222", "running", 1),
      make("33333333-3333-4333-8333-333333333333", "running", 2),
    ]) {
      await scans.create(record, { targetKey: targetKeyOf(record) });
    }
    // A running scan with a fresh heartbeat belongs to a live worker elsewhere: recovery leaves it alone.
    const live = completedRecord("quiet-bakery", {
      scanId: "44444444-4444-4444-8444-444444444444",
      status: "running",
      attempts: 1,
      report: null,
      url: "https://www.quiet-bakery.test/live",
      lastHeartbeatAt: "2026-11-23T11:59:30.000Z",
    } as never);
    await scans.create(live, { targetKey: targetKeyOf(live) });
    // A reservation (pending) left by a process that died mid-request is discarded; a young one is left.
    const reservation = (scanId: string, createdAt: string) =>
      completedRecord("quiet-bakery", {
        scanId,
        status: "pending",
        report: null,
        url: `https://www.quiet-bakery.test/${scanId}`,
        createdAt,
      } as never);
    const dead = reservation("55555555-5555-4555-8555-555555555555", "2026-11-23T11:59:00.000Z");
    const young = reservation("66666666-6666-4666-8666-666666666666", "2026-11-23T11:59:45.000Z");
    for (const record of [dead, young]) await scans.createIfNoActive(record, { targetKey: targetKeyOf(record) });
    expect(await recoverInterruptedScans(deps)).toEqual({ requeued: 2, failed: 1, discarded: 1 });
    expect(await scans.get(dead.scanId)).toBeNull();
    expect(await scans.get(young.scanId)).toMatchObject({ status: "pending" });
    expect(await scans.get(live.scanId)).toMatchObject({ status: "running", attempts: 1 });
    expect(enqueued.sort()).toEqual(["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"]);
    // Its second run was lost too: not run into the same crash again, and the error says why.
    const failed = await scans.get("33333333-3333-4333-8333-333333333333");
    expect(failed).toMatchObject({ status: "failed", error: { code: "internal_error" } });
    expect(failed?.error?.message).toMatch(/interrupted each time it ran.*not retried again/);
    expect(await scans.get("22222222-2222-4222-8222-222222222222")).toMatchObject({ status: "queued" });
  });
});

describe("a job its queue gave up on", () => {
  it("ends its unfinished scan failed with the retryable envelope at once, and leaves an ended scan alone", async () => {
    const scans = createMemoryScanStore();
    let giveUp: JobQueueHandlers["onError"];
    const logged: string[] = [];
    const service = await createLocalService({
      scanner: { scan: () => new Promise(() => {}), close: () => Promise.resolve() },
      scans,
      config: { baseUrl: "https://scan.example.org" },
      // A queue that never runs jobs here, and reports one as given up on when the test says so.
      queue: (handlers) => {
        giveUp = handlers.onError;
        return {
          enqueue: () => Promise.resolve(),
          drain: () => Promise.resolve(),
          close: () => Promise.resolve(),
          depth: () => Promise.resolve({ waiting: 0, running: 0 }),
        };
      },
      onJobError: (_error, scanId) => logged.push(scanId),
    });
    const stuck = completedRecord("quiet-bakery", {
      scanId: "77777777-7777-4777-8777-777777777777",
      status: "running",
      report: null,
    } as never);
    const done = completedRecord("quiet-bakery", {
      scanId: "88888888-8888-4888-8888-888888888888",
      url: "https://www.quiet-bakery.test/done",
    });
    for (const record of [stuck, done]) await scans.create(record, { targetKey: targetKeyOf(record) });

    giveUp!(new Error("attempts used"), { scanId: stuck.scanId });
    giveUp!(new Error("attempts used"), { scanId: done.scanId });
    await vi.waitFor(async () => expect((await scans.get(stuck.scanId))?.status).toBe("failed"));
    expect(await scans.get(stuck.scanId)).toMatchObject({ report: null, error: { code: "internal_error", retryable: true } });
    expect((await scans.get(done.scanId))?.status).toBe("completed");
    expect(logged).toEqual([stuck.scanId, done.scanId]);
    await service.close();
  });
});
