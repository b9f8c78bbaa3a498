import type { MonitorRecord, MonitorRunRecord } from "@public-scan/core";

/** A monitor as a store keeps it, with a webhook; `overrides` replace its fields. */
export function createTestMonitorRecord(overrides: Partial<MonitorRecord> = {}): MonitorRecord {
  return {
    monitorId: "6d0e4c1a-2b7f-4f0e-9a51-1c3d5e7f9b20",
    ownerKeyId: "key_owner1",
    name: "Shop home",
    url: "https://www.example.com/",
    sealedUrl: null,
    domain: "www.example.com",
    scanFrom: "self_hosted",
    schedule: { kind: "interval", everySeconds: 3600 },
    status: "active",
    statusReason: null,
    webhook: {
      sealedUrl: "sealed:v1:url",
      displayUrl: "https://hooks.example.net/scan",
      events: ["scan.completed", "scan.changed", "scan.failed"],
      sealedSecrets: ["sealed:v1:secret"],
      secretRotatedAt: "2026-12-01T10:00:00.000Z",
      previousValidUntil: null,
    },
    consecutiveFailures: 0,
    createdAt: "2026-12-01T10:00:00.000Z",
    updatedAt: "2026-12-01T10:00:00.000Z",
    ...overrides,
  };
}

/** A UUID-shaped monitor id whose last digits are `n` (ids sort in the order of `n`). */
export const testMonitorId = (n: number): string => `6d0e4c1a-2b7f-4f0e-9a51-${String(n).padStart(12, "0")}`;

/** A run of `monitorId` for the tick at `scheduledAt`, still running. */
export function createTestMonitorRun(monitorId: string, scheduledAt: string, overrides: Partial<MonitorRunRecord> = {}): MonitorRunRecord {
  return {
    monitorId,
    runId: `${monitorId}@${scheduledAt}`,
    scheduledAt,
    startedAt: scheduledAt,
    endedAt: null,
    status: "running",
    scanId: null,
    event: null,
    summary: null,
    error: null,
    delivery: null,
    ...overrides,
  };
}

/** The tick `n` hours after 2026-12-01T00:00Z, as a run's scheduledAt. */
export const testTick = (n: number): string => new Date(Date.UTC(2026, 11, 1) + n * 3_600_000).toISOString();
