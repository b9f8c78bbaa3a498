import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import type { JobQueue, JobQueueHandlers, ScanJobMessage } from "../../src/ports/job-queue.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getScan } from "../../src/use-cases/get-scan.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const recorded = readRecordedObservations("quiet-bakery") as ScanObservations;
const caller: Caller = { kind: "anonymous", ip: "203.0.113.7" };

/** A queue as a host would bring one (BullMQ, SQS): it records what it is given and runs jobs when told. */
function recordingQueue() {
  const enqueued: ScanJobMessage[] = [];
  let handlers: JobQueueHandlers | null = null;
  const queue: JobQueue = {
    enqueue: (job) => (enqueued.push(job), Promise.resolve()),
    drain: () => Promise.resolve(),
    close: () => Promise.resolve(),
    depth: () => Promise.resolve({ waiting: enqueued.length, running: 0 }),
  };
  return {
    enqueued,
    factory: (given: JobQueueHandlers) => ((handlers = given), queue),
    runAll: async () => {
      for (const job of enqueued.splice(0)) await handlers!.handler(job);
    },
  };
}

describe("createLocalService", () => {
  it("runs on the host's own queue and store: jobs go to the queue, its handler runs them into the store", async () => {
    const host = recordingQueue();
    const scans = createMemoryScanStore();
    const service = await createLocalService({
      scanner: { scan: () => Promise.resolve(recorded), close: () => Promise.resolve() },
      scans,
      queue: host.factory,
      config: { baseUrl: "https://scan.example.org" },
    });
    try {
      const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
      expect(created.status).toBe(202);
      expect(service.deps.queue).toBeDefined();
      expect(host.enqueued).toEqual([{ scanId: created.body.scanId }]);
      expect(await scans.get(created.body.scanId)).toMatchObject({ status: "queued" });
      await host.runAll();
      expect(await scans.get(created.body.scanId)).toMatchObject({ status: "completed" });
      expect((await getScan(service.deps, { scanId: created.body.scanId, caller })).status).toBe(200);
    } finally {
      await service.close();
    }
  });
});
