import { afterEach, describe, expect, it, vi } from "vitest";
import { createLocalService } from "../../src/compose/create-local-service.js";
import { ScanJobSchema } from "../../src/contract/index.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import { createScan } from "../../src/use-cases/create-scan.js";
import { getScanStatus } from "../../src/use-cases/get-scan.js";
import type { Caller } from "../../src/use-cases/service-deps.js";
import { readRecordedObservations } from "@public-scan/recorded-scans";

const recorded = readRecordedObservations("quiet-bakery") as ScanObservations;
const caller: Caller = { kind: "anonymous", ip: "203.0.113.7" };

describe("the heartbeat of a running scan", () => {
  afterEach(() => void vi.useRealTimers());

  it("beats on a timer while the scanner reports nothing, so a long quiet phase is not stalled", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let now = Date.parse("2026-11-24T10:00:00.000Z");
    let started!: () => void;
    const scanning = new Promise<void>((resolve) => (started = resolve));
    let finish!: (observations: ScanObservations) => void;
    const service = await createLocalService({
      // A scanner in one long phase: no progress report at all until it is done.
      scanner: {
        scan: () => {
          started();
          return new Promise((resolve) => (finish = resolve));
        },
        close: () => Promise.resolve(),
      },
      clock: { now: () => now },
      config: { baseUrl: "https://scan.example.org", stallAfterSeconds: 60 },
    });
    try {
      const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
      const { scanId } = ScanJobSchema.parse(created.body);
      await scanning;
      const status = async () => ScanJobSchema.parse((await getScanStatus(service.deps, { scanId, caller })).body);
      // 45 s in, one beat (every 20 s) lands; 25 s later the last beat is 20 s old, not 70.
      for (let second = 0; second < 70; second += 5) {
        now += 5000;
        await vi.advanceTimersByTimeAsync(5000);
      }
      expect(await status()).toMatchObject({ status: "running", stalled: false });
      finish(recorded);
      await service.deps.queue.drain();
    } finally {
      await service.close();
    }
  });

  it("reads as stalled once the worker stops beating", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    let now = Date.parse("2026-11-24T10:00:00.000Z");
    let started!: () => void;
    const scanning = new Promise<void>((resolve) => (started = resolve));
    const service = await createLocalService({
      scanner: {
        scan: () => {
          started();
          return new Promise(() => undefined);
        },
        close: () => Promise.resolve(),
      },
      clock: { now: () => now },
      config: { baseUrl: "https://scan.example.org", stallAfterSeconds: 60 },
    });
    const created = await createScan(service.deps, { body: { url: "https://www.quiet-bakery.test/" }, caller });
    const { scanId } = ScanJobSchema.parse(created.body);
    await scanning;
    // The worker's timers no longer run (its process is gone); only the clock moves on.
    now += 70_000;
    expect(ScanJobSchema.parse((await getScanStatus(service.deps, { scanId, caller })).body)).toMatchObject({ stalled: true });
    await service.close({ graceMs: 0 });
  });
});
