import { describe, expect, it } from "vitest";
import { createService, startScanWorker } from "../../src/compose/index.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import type { Scanner } from "../../src/ports/scanner.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import type { Caller, ServiceDeps } from "../../src/use-cases/service-deps.js";
import { recordingQueue } from "./support/recording-queue.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const recorded = readRecordedObservations("quiet-bakery") as ScanObservations;
const caller: Caller = { kind: "anonymous", ip: "203.0.113.7" };
const config = { baseUrl: "https://scan.example.org" };

/** A scanner that counts its scans, so a test can tell which process's worker ran a job. */
function countingScanner() {
  const scanner: Scanner & { scans: number } = {
    scans: 0,
    scan: () => (scanner.scans++, Promise.resolve(recorded)),
    close: () => Promise.resolve(),
  };
  return scanner;
}

/** Polls the store until the scan has ended (the in-process queue runs jobs after the request returns). */
async function ended(deps: ServiceDeps, scanId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const record = await deps.scans.get(scanId);
    if (record?.status === "completed" || record?.status === "failed") return record;
    if (Date.now() > deadline) throw new Error(`scan ${scanId} did not end within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("createService", () => {
  it("creates scans and answers reads with no scanner: an API process only enqueues", async () => {
    const queue = recordingQueue();
    const service = createService({ scans: createMemoryScanStore(), queue: queue.factory, config });
    try {
      const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
      expect(created.status).toBe(202);
      expect(queue.enqueued).toEqual([{ scanId: created.body.scanId }]);
      expect(await service.deps.scans.get(created.body.scanId)).toMatchObject({ status: "queued" });
    } finally {
      await service.close();
    }
  });

  it("holds a job that arrives before its worker starts, and runs it once the worker is started", async () => {
    const service = createService({ config });
    const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    expect(created.status).toBe(202);
    // The in-process queue has started the job: it waits for a worker rather than failing the scan.
    expect((await service.deps.queue.depth()).running).toBe(1);
    expect(await service.deps.scans.get(created.body.scanId)).toMatchObject({ status: "queued" });
    const scanner = countingScanner();
    const worker = await startScanWorker(service, { scanner, recovery: "none" });
    expect(await ended(service.deps, created.body.scanId)).toMatchObject({ status: "completed" });
    expect(scanner.scans).toBe(1);
    await worker.close();
    await service.close();
  });

  it("hands a job back at close when no worker ever started: its scan stays queued for a process that scans", async () => {
    const scans = createMemoryScanStore();
    const errors: unknown[] = [];
    const service = createService({
      scans: { ...scans, close: () => Promise.resolve() },
      config,
      onJobError: (error) => errors.push(error),
    });
    const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    await service.close();
    expect(await scans.get(created.body.scanId)).toMatchObject({ status: "queued" });
    expect(errors).toEqual([]);
  });
});

describe("startScanWorker", () => {
  it("runs the service's in-process jobs with its scanner", async () => {
    const scanner = countingScanner();
    const service = createService({ config });
    const worker = await startScanWorker(service, { scanner });
    try {
      const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
      expect(await ended(service.deps, created.body.scanId)).toMatchObject({ status: "completed" });
      expect(scanner.scans).toBe(1);
    } finally {
      await worker.close();
      await service.close();
    }
  });

  it("runs a job a host delivers itself (SQS on Lambda), on the stores the API process wrote", async () => {
    const scans = createMemoryScanStore();
    const queue = recordingQueue();
    const api = createService({ scans, queue: queue.factory, config });
    const created = await createScan(api.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    const scanner = countingScanner();
    const workerService = createService({ scans, queue: recordingQueue().factory, config });
    const worker = await startScanWorker(workerService, { scanner, recovery: "none" });
    await worker.run(queue.enqueued[0]!);
    expect(await scans.get(created.body.scanId)).toMatchObject({ status: "completed" });
    expect(scanner.scans).toBe(1);
    await worker.close();
  });

  it("refuses a second worker on one service, and deps not made by createService", async () => {
    const service = createService({ config });
    const worker = await startScanWorker(service, { scanner: countingScanner(), recovery: "none" });
    await expect(startScanWorker(service, { scanner: countingScanner() })).rejects.toThrow(/already has a scan worker/);
    await expect(startScanWorker({ deps: { ...service.deps }, close: service.close }, { scanner: countingScanner() })).rejects.toThrow(
      /made by createService/,
    );
    await worker.close();
    await service.close();
  });

  it("leaves a service whose worker failed to start free for another", async () => {
    const scans = createMemoryScanStore();
    let failing = true;
    const flaky = {
      ...scans,
      listActive: (...args: Parameters<typeof scans.listActive>) =>
        failing ? Promise.reject(new Error("store down")) : scans.listActive(...args),
    };
    const service = createService({ scans: flaky, config });
    await expect(startScanWorker(service, { scanner: countingScanner() })).rejects.toThrow("store down");
    failing = false;
    const worker = await startScanWorker(service, { scanner: countingScanner() });
    await service.close();
    await worker.close();
  });
});
