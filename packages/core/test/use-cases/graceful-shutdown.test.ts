import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import type { Scanner } from "../../src/ports/scanner.js";
import { createInProcessJobQueue } from "../../src/stores/create-in-process-job-queue.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getScanStatus } from "../../src/use-cases/get-scan.js";
import { type Caller } from "../../src/use-cases/service-deps.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const recorded = readRecordedObservations("quiet-bakery") as ScanObservations;
const caller: Caller = { kind: "anonymous", ip: "203.0.113.7" };
const config = { baseUrl: "https://scan.example.org" };

/** A scanner that runs until it is aborted (a slow page), or answers at once when `instant`. */
function scannerOf(behaviour: "hang" | "instant"): Scanner {
  return {
    scan: ({ signal, onProgress }) => {
      onProgress?.({ phase: "runtime_observation", progressPercent: 20 });
      if (behaviour === "instant") return Promise.resolve(recorded);
      return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new Error("aborted")), { once: true }));
    },
    close: () => Promise.resolve(),
  };
}

describe("graceful shutdown", () => {
  it("puts a running scan back to queued after the grace period, and the next process completes it", async () => {
    const scans = createMemoryScanStore();
    const first = await createLocalService({ scanner: scannerOf("hang"), scans, config });
    const created = await createScan(first.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    const scanId = created.body.scanId;
    for (let tries = 0; (await scans.get(scanId))?.status !== "running"; tries += 1) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await first.close({ graceMs: 20 });
    expect(await scans.get(scanId)).toMatchObject({ status: "queued", phase: "queued", attempts: 0 });

    const second = await createLocalService({ scanner: scannerOf("instant"), scans, config });
    await second.deps.queue.drain();
    expect((await getScanStatus(second.deps, { scanId, caller })).body).toMatchObject({ type: "service_scan", status: "completed" });
    await second.close();
  });

  it("lets a running scan finish within the grace period", async () => {
    const scans = createMemoryScanStore();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const scanner: Scanner = { scan: async () => (await released, recorded), close: () => Promise.resolve() };
    const service = await createLocalService({ scanner, scans, config });
    const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    setTimeout(release, 20);
    await service.close({ graceMs: 5_000 });
    expect((await scans.get(created.body.scanId))?.status).toBe("completed");
  });

  it("tells the queue the job was handed back, so a queue shared with other workers runs it again there", async () => {
    const outcomes: unknown[] = [];
    const service = await createLocalService({
      scanner: scannerOf("hang"),
      config,
      queue: (handlers) =>
        createInProcessJobQueue({
          concurrency: 1,
          handler: async (job) => {
            const outcome = await handlers.handler(job);
            outcomes.push(outcome);
            return outcome;
          },
        }),
    });
    const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    for (let tries = 0; (await service.deps.scans.get(created.body.scanId))?.status !== "running"; tries += 1) {
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await service.close({ graceMs: 20 });
    expect(outcomes).toEqual(["handed_back"]);
  });
});
