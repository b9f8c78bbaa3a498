import { describe, expect, it } from "vitest";
import { createLocalService } from "../../src/compose/index.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import { createMemoryScanStore } from "../../src/stores/create-memory-scan-store.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getScan } from "../../src/use-cases/get-scan.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { recordingQueue } from "./support/recording-queue.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const recorded = readRecordedObservations("quiet-bakery") as ScanObservations;
const caller: Caller = { kind: "anonymous", ip: "203.0.113.7" };

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
