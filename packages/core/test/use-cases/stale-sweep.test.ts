import { afterEach, describe, expect, it, vi } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import { createMemoryCounterStore } from "../../src/limits/create-memory-counter-store.js";
import { createRateLimiter } from "../../src/limits/create-rate-limiter.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import type { Scanner } from "../../src/ports/scanner.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { createAnonymousScanQuota } from "../../src/use-cases/scan-quotas.js";
import { runScanJob } from "../../src/use-cases/run-scan-job.js";
import { targetKeyOf } from "../../src/use-cases/normalize-target.js";
import { completedRecord } from "../fixtures/completed-record.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const recorded = readRecordedObservations("quiet-bakery") as ScanObservations;
const instant: Scanner = { scan: () => Promise.resolve(recorded), close: () => Promise.resolve() };

describe("the periodic sweep of scans left by dead workers", () => {
  // Only the sweep's interval is faked: the queue and the stores keep their real (instant) timing.
  afterEach(() => void vi.useRealTimers());

  it("retries a scan another process left running, while this process lives", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let now = Date.parse("2026-11-23T10:00:00.000Z");
    const scans = createMemoryScanStore();
    const service = await createLocalService({
      scanner: instant,
      scans,
      clock: { now: () => now },
      config: { baseUrl: "https://scan.example.org", staleAfterSeconds: 2 },
    });
    // Another worker took this scan and died after its last heartbeat.
    const orphan = {
      ...completedRecord("quiet-bakery"),
      status: "running" as const,
      phase: "runtime_observation" as const,
      report: null,
      completedAt: null,
      attempts: 1,
      lastHeartbeatAt: new Date(now).toISOString(),
    };
    await scans.create(orphan, { targetKey: targetKeyOf(orphan) });
    now += 3_000;
    // Nothing has swept yet: the start-up recovery ran before the orphan existed.
    expect(await scans.get(orphan.scanId)).toMatchObject({ status: "running", attempts: 1 });
    // One period of the sweep (half of staleAfterSeconds, at least 1 s) on the fake clock.
    await vi.advanceTimersByTimeAsync(1_000);
    await service.deps.queue.drain();
    expect(await scans.get(orphan.scanId)).toMatchObject({ status: "completed", attempts: 2 });
    await service.close();
  });
});

describe("a job the queue redelivers because its worker lost it", () => {
  const orphanOf = (attempts: number) => ({
    ...completedRecord("quiet-bakery"),
    status: "running" as const,
    phase: "runtime_observation" as const,
    report: null,
    completedAt: null,
    attempts,
    // A fresh heartbeat: the sweep would leave it alone for minutes.
    lastHeartbeatAt: new Date().toISOString(),
  });

  it("takes over the scan still marked running at once, and completes it", async () => {
    const scans = createMemoryScanStore();
    const service = await createLocalService({ scanner: instant, scans, config: { baseUrl: "https://scan.example.org" } });
    const orphan = orphanOf(1);
    await scans.create(orphan, { targetKey: targetKeyOf(orphan) });
    // Without the queue's word, a running scan with a fresh heartbeat belongs to a live worker.
    await runScanJob(service.deps, { scanId: orphan.scanId });
    expect(await scans.get(orphan.scanId)).toMatchObject({ status: "running", attempts: 1 });
    await runScanJob(service.deps, { scanId: orphan.scanId, redelivered: true });
    expect(await scans.get(orphan.scanId)).toMatchObject({ status: "completed", attempts: 2 });
    await service.close();
  });

  it("ends a scan that used its attempts failed, never completed with guessed results", async () => {
    const scans = createMemoryScanStore();
    const service = await createLocalService({ scanner: instant, scans, config: { baseUrl: "https://scan.example.org", maxAttempts: 2 } });
    const orphan = orphanOf(2);
    await scans.create(orphan, { targetKey: targetKeyOf(orphan) });
    await runScanJob(service.deps, { scanId: orphan.scanId, redelivered: true });
    expect(await scans.get(orphan.scanId)).toMatchObject({
      status: "failed",
      report: null,
      error: { code: "internal_error", retryable: true },
    });
    await service.close();
  });
});

describe("anonymous callers on IPv6", () => {
  it("are counted by their /64, so one subscriber cannot rotate addresses for more scans", async () => {
    const quota = createAnonymousScanQuota(createRateLimiter({ store: createMemoryCounterStore() }));
    await quota.consume({ kind: "anonymous", ip: "2001:db8:1:2::1" });
    expect((await quota.consume({ kind: "anonymous", ip: "2001:db8:1:2:ffff::9" })).remaining).toBe(18);
    expect((await quota.consume({ kind: "anonymous", ip: "2001:db8:1:3::1" })).remaining).toBe(19);
    // IPv4 stays per address, including in its IPv6-mapped spelling.
    await quota.consume({ kind: "anonymous", ip: "203.0.113.5" });
    expect((await quota.consume({ kind: "anonymous", ip: "::ffff:203.0.113.5" })).remaining).toBe(18);
    expect((await quota.consume({ kind: "anonymous", ip: "203.0.113.6" })).remaining).toBe(19);
  });
});
