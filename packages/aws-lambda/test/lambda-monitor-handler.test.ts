import {
  createLocalService,
  createMemoryMonitorStore,
  DEFAULT_MONITOR_SETTINGS,
  type MonitorDeps,
  type MonitorRecord,
  type ScanObservations,
} from "@public-scan/core";
import { createMemoryKeyStore } from "@public-scan/core/testing";
import { readRecordedObservations } from "@public-scan/recorded-scans";
import { describe, expect, it } from "vitest";
import { createLambdaMonitorHandler } from "../src/index.js";

const MONITOR = "6d0e4c1a-2b7f-4f0e-9a51-1c3d5e7f9b20";
const TICK = "2026-12-07T06:00:00Z";

/** Monitor deps on a local service whose scans end once `gate` resolves, with one monitor of a key. */
async function monitorDeps(gate: Promise<void>) {
  const observations = readRecordedObservations("daily-courier") as ScanObservations;
  let scans = 0;
  const service = await createLocalService({
    scanner: {
      scan: async () => {
        scans += 1;
        await gate;
        return observations;
      },
      close: () => Promise.resolve(),
    },
    config: { baseUrl: "https://scan.example.org" },
  });
  const keys = createMemoryKeyStore();
  await keys.create({
    keyId: "key_owner",
    hash: "b".repeat(64),
    tokenPrefix: "svc_owner",
    name: null,
    scopes: ["monitor:write"],
    kind: "support",
    ownerId: null,
    createdAt: "2026-12-01T00:00:00.000Z",
    expiresAt: "2099-01-01T00:00:00.000Z",
    revokedAt: null,
  });
  const monitors = createMemoryMonitorStore();
  const record: MonitorRecord = {
    monitorId: MONITOR,
    ownerKeyId: "key_owner",
    name: null,
    url: "https://www.daily-courier.test/",
    sealedUrl: null,
    domain: "www.daily-courier.test",
    scanFrom: "self_hosted",
    schedule: { kind: "interval", everySeconds: 3600 },
    status: "active",
    statusReason: null,
    webhook: null,
    consecutiveFailures: 0,
    createdAt: "2026-12-01T00:00:00.000Z",
    updatedAt: "2026-12-01T00:00:00.000Z",
  };
  await monitors.create(record, { maxPerOwner: 5 });
  const deps: MonitorDeps = {
    service: service.deps,
    monitors,
    keys,
    scheduler: { schedule: () => Promise.resolve(), unschedule: () => Promise.resolve(), close: () => Promise.resolve() },
    webhooks: {
      deliver: () => Promise.reject(new Error("no webhook in this test")),
      createSecret: () => "whsec_x",
    },
    settings: { ...DEFAULT_MONITOR_SETTINGS, scanPollMs: 5 },
  };
  return { deps, service, scans: () => scans };
}

const event = (...bodies: string[]) => ({
  Records: bodies.map((body, index) => ({ messageId: `m${index}`, body, attributes: { ApproximateReceiveCount: "1" } })),
});

describe("the monitor tick queue's Lambda handler", () => {
  it("leaves a run whose scan outlives the invocation running, reports its message, and finishes it on redelivery", async () => {
    let open: () => void = () => undefined;
    const harness = await monitorDeps(new Promise<void>((resolve) => (open = resolve)));
    try {
      const handler = createLambdaMonitorHandler({ createMonitors: () => harness.deps, safetyMarginMs: 1000 });
      const tick = JSON.stringify({ monitorId: MONITOR, scheduledAt: TICK });
      // An invocation with nothing left beyond its margin: the run starts its scan, then stops following it.
      expect(await handler(event(tick), { getRemainingTimeInMillis: () => 1000 })).toEqual({
        batchItemFailures: [{ itemIdentifier: "m0" }],
      });
      const [running] = await harness.deps.monitors.listRuns(MONITOR, 1);
      expect(running).toMatchObject({ status: "running", scanId: expect.any(String), scheduledAt: "2026-12-07T06:00:00.000Z" });
      open();
      expect(await handler(event(tick), { getRemainingTimeInMillis: () => 60_000 })).toEqual({ batchItemFailures: [] });
      expect(await harness.deps.monitors.listRuns(MONITOR, 5)).toMatchObject([{ status: "completed", scanId: running!.scanId }]);
      expect(harness.scans()).toBe(1);
    } finally {
      open();
      await harness.service.close();
    }
  });

  it("drops what is not a tick, reporting it, and never retries it", async () => {
    const harness = await monitorDeps(Promise.resolve());
    try {
      const errors: string[] = [];
      const handler = createLambdaMonitorHandler({ createMonitors: () => harness.deps, onError: (_error, id) => errors.push(id) });
      const bodies = [
        "not json",
        JSON.stringify({ monitorId: "../x", scheduledAt: TICK }),
        JSON.stringify({ monitorId: MONITOR, scheduledAt: "yesterday" }),
      ];
      expect(await handler(event(...bodies), { getRemainingTimeInMillis: () => 60_000 })).toEqual({ batchItemFailures: [] });
      expect(errors).toEqual(["m0", "m1", "m2"]);
      expect(harness.scans()).toBe(0);
    } finally {
      await harness.service.close();
    }
  });
});
