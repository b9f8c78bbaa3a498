import {
  createLocalService,
  createMemoryScanStore,
  createScan,
  targetKeyOf,
  type Scanner,
  type ScanObservations,
  type ScanStore,
  type WorkerDeps,
} from "@public-scan/core";
import { afterEach, describe, expect, it } from "vitest";
import { createRecordedScanner } from "@public-scan/recorded-scans";
import { createLambdaWorkerHandler } from "../src/index.js";
import { contextWithRemaining, sqsEvent, sqsRecord } from "./support/sqs-events.js";

const hanging: Scanner = {
  scan: ({ signal }) => new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true })),
  close: () => Promise.resolve(),
};

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A worker's service as the Lambda composition builds it: no queue of its own to run, no timer sweep. */
async function workerOn(scans: ScanStore, scanner: Scanner): Promise<WorkerDeps> {
  const service = await createLocalService({
    scanner,
    scans,
    recovery: "none",
    config: { baseUrl: "https://scan.example.org" },
    queue: () => ({
      enqueue: () => Promise.resolve(),
      drain: () => Promise.resolve(),
      close: () => Promise.resolve(),
      depth: () => Promise.resolve({ waiting: 0, running: 0 }),
    }),
  });
  closers.push(() => service.close());
  return service.deps;
}

/** A queued scan, created as the API would (its own service, same store). */
async function queuedScan(scans: ScanStore, url = "https://shop.example.com/"): Promise<string> {
  const api = await createLocalService({
    scanner: hanging,
    scans,
    recovery: "none",
    config: { baseUrl: "https://scan.example.org" },
    queue: () => ({
      enqueue: () => Promise.resolve(),
      drain: () => Promise.resolve(),
      close: () => Promise.resolve(),
      depth: () => Promise.resolve({ waiting: 0, running: 0 }),
    }),
  });
  closers.push(() => api.close());
  const created = await createScan(api.deps, { body: { url }, caller: { kind: "anonymous", ip: "203.0.113.5" } });
  return created.body.scanId;
}

describe("the Lambda scan worker (SQS)", () => {
  it("runs the scan of each message and reports only the messages that failed", async () => {
    const scans = createMemoryScanStore();
    const deps = await workerOn(scans, createRecordedScanner<ScanObservations>());
    const handler = createLambdaWorkerHandler({ createWorker: () => deps });
    const scanId = await queuedScan(scans);
    const errors: string[] = [];
    const withErrors = createLambdaWorkerHandler({ createWorker: () => deps, onError: (_error, messageId) => errors.push(messageId) });

    const result = await withErrors(
      sqsEvent(
        sqsRecord("not json", { messageId: "m-bad-json" }),
        sqsRecord(JSON.stringify({ scanId }), { messageId: "m-good" }),
        sqsRecord(JSON.stringify({ scanId: "../../etc" }), { messageId: "m-bad-id" }),
      ),
      contextWithRemaining(300_000),
    );
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "m-bad-json" }, { itemIdentifier: "m-bad-id" }] });
    expect(errors).toEqual(["m-bad-json", "m-bad-id"]);
    expect((await scans.get(scanId))?.status).toBe("completed");

    // Delivered twice (SQS is at least once): the second delivery changes nothing and succeeds.
    const before = await scans.get(scanId);
    expect(await handler(sqsEvent(sqsRecord(JSON.stringify({ scanId }), { receiveCount: 2 })), contextWithRemaining(300_000))).toEqual({
      batchItemFailures: [],
    });
    expect(await scans.get(scanId)).toEqual(before);
  });

  it("ends a scan that would outlive the invocation expired, with the envelope, never running", async () => {
    const scans = createMemoryScanStore();
    const handler = createLambdaWorkerHandler({ createWorker: () => workerOn(scans, hanging), safetyMarginMs: 1000 });
    const scanId = await queuedScan(scans);
    // 1.3 s left, 1 s kept back: the scan gets 300 ms.
    const startedAt = Date.now();
    expect(await handler(sqsEvent(sqsRecord(JSON.stringify({ scanId }))), contextWithRemaining(1300))).toEqual({ batchItemFailures: [] });
    expect(Date.now() - startedAt).toBeLessThan(1000);
    expect(await scans.get(scanId)).toMatchObject({ status: "expired", report: null, error: { code: "internal_error", retryable: true } });
  });

  it("leaves a message for another invocation when too little time is left to start, touching nothing", async () => {
    const scans = createMemoryScanStore();
    const handler = createLambdaWorkerHandler({ createWorker: () => workerOn(scans, hanging), safetyMarginMs: 20_000 });
    const scanId = await queuedScan(scans);
    const result = await handler(sqsEvent(sqsRecord(JSON.stringify({ scanId }), { messageId: "m-late" })), contextWithRemaining(15_000));
    expect(result).toEqual({ batchItemFailures: [{ itemIdentifier: "m-late" }] });
    expect((await scans.get(scanId))?.status).toBe("queued");
  });

  it("takes over, on redelivery, a scan a timed-out invocation left running", async () => {
    const scans = createMemoryScanStore();
    const scanId = await queuedScan(scans);
    const queued = (await scans.get(scanId))!;
    // The invocation that had it was stopped by Lambda mid-scan: running, one attempt, heartbeat recent.
    await scans.update(
      { ...queued, status: "running", attempts: 1, lastHeartbeatAt: new Date().toISOString() },
      {
        expectedStatus: "queued",
        targetKey: targetKeyOf(queued),
      },
    );
    const handler = createLambdaWorkerHandler({ createWorker: () => workerOn(scans, createRecordedScanner<ScanObservations>()) });
    await handler(sqsEvent(sqsRecord(JSON.stringify({ scanId }), { receiveCount: 2 })), contextWithRemaining(300_000));
    expect(await scans.get(scanId)).toMatchObject({ status: "completed", attempts: 2 });
  });

  it("builds its service once, and again after a failed cold start", async () => {
    const scans = createMemoryScanStore();
    let builds = 0;
    const handler = createLambdaWorkerHandler({
      createWorker: async () => {
        builds += 1;
        if (builds === 1) throw new Error("table not reachable");
        return workerOn(scans, createRecordedScanner<ScanObservations>());
      },
    });
    const scanId = await queuedScan(scans);
    const event = sqsEvent(sqsRecord(JSON.stringify({ scanId })));
    await expect(handler(event, contextWithRemaining(300_000))).rejects.toThrow("table not reachable");
    await handler(event, contextWithRemaining(300_000));
    await handler(event, contextWithRemaining(300_000));
    expect(builds).toBe(2);
    expect((await scans.get(scanId))?.status).toBe("completed");
  });
});
