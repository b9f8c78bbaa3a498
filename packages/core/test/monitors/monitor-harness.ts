import type { ApiKeyRecord } from "../../src/domain/api-key-record.js";
import { createLocalService } from "../../src/compose/create-local-service.js";
import type { ScanObservations } from "../../src/observations/scan-observations.js";
import { DEFAULT_MONITOR_SETTINGS, type MonitorDeps, type MonitorSettings } from "../../src/monitors/monitor-deps.js";
import type { MonitorScheduler } from "../../src/ports/monitor-scheduler.js";
import type { WebhookSender } from "../../src/ports/webhook-sender.js";
import { createMemoryKeyStore } from "../../src/stores/create-memory-key-store.js";
import { createMemoryMonitorStore } from "../../src/stores/create-memory-monitor-store.js";

export const OWNER: ApiKeyRecord = {
  keyId: "key_owner",
  hash: "a".repeat(64),
  tokenPrefix: "svc_owner",
  name: null,
  scopes: ["monitor:write"],
  kind: "support",
  ownerId: null,
  createdAt: "2026-12-01T00:00:00.000Z",
  expiresAt: "2099-01-01T00:00:00.000Z",
  revokedAt: null,
};

/** What the harness's webhook sender answers next, and what it was asked to send. */
export interface RecordingSender extends WebhookSender {
  sent: Array<{ url: string; id: string; body: string; secrets: readonly string[]; priorAttempts?: number; until?: number }>;
  answer: { outcome: "delivered" | "failed" | "pending"; status: number | null; gone: boolean; retryAt?: string };
}

/**
 * Monitor deps on a local service whose scanner answers `versions` in turn (the last one from then on),
 * memory stores, a scheduler that records what is registered, and a sender that records what it sends.
 */
export async function createMonitorHarness(input: {
  versions: ScanObservations[];
  settings?: Partial<MonitorSettings>;
  /** Scans end only once it resolves (a scan still running when a run looks at it). */
  scanGate?: Promise<void>;
}) {
  let calls = 0;
  const service = await createLocalService({
    scanner: {
      scan: async () => {
        const version = input.versions[Math.min(calls++, input.versions.length - 1)]!;
        await input.scanGate;
        return version;
      },
      close: () => Promise.resolve(),
    },
    config: { baseUrl: "https://scan.example.org" },
  });
  const keys = createMemoryKeyStore();
  await keys.create(structuredClone(OWNER));
  const scheduled = new Map<string, unknown>();
  const scheduler: MonitorScheduler = {
    schedule: ({ monitorId, schedule }) => Promise.resolve(void scheduled.set(monitorId, schedule)),
    unschedule: (monitorId) => Promise.resolve(void scheduled.delete(monitorId)),
    close: () => Promise.resolve(),
  };
  const sender: RecordingSender = {
    sent: [],
    answer: { outcome: "delivered", status: 204, gone: false },
    deliver(message) {
      sender.sent.push(message);
      const { outcome, status, gone, retryAt } = sender.answer;
      return Promise.resolve({
        outcome,
        gone,
        ...(retryAt === undefined ? {} : { retryAt }),
        attempts: [{ at: new Date().toISOString(), status, error: outcome === "delivered" ? null : `HTTP ${status ?? "none"}` }],
      });
    },
    createSecret: () => `whsec_${Buffer.from(`secret-${sender.sent.length}-${Math.random()}`).toString("base64")}`,
  };
  const deps: MonitorDeps = {
    service: service.deps,
    monitors: createMemoryMonitorStore(),
    keys,
    scheduler,
    webhooks: sender,
    settings: { ...DEFAULT_MONITOR_SETTINGS, minIntervalSeconds: 300, scanPollMs: 5, ...input.settings },
  };
  return { deps, service, keys, scheduled, sender, scans: () => calls };
}
