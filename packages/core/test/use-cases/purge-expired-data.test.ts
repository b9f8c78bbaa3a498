import { describe, expect, it } from "vitest";
import { createMemoryScanStore, DATA_RETENTION_DEFAULTS, purgeExpiredData, targetKeyOf, type ScanRecord } from "../../src/index.js";
import { createMemoryAuditLog } from "../../src/testing.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 30, 12);
const clock = { now: () => NOW };
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

function ended(scanId: string, endedDaysAgo: number): ScanRecord {
  const at = daysAgo(endedDaysAgo);
  return {
    scanId,
    jobId: `job_${scanId}`,
    url: `https://${scanId}.test/`,
    domain: `${scanId}.test`,
    scanFrom: "eu",
    status: "failed",
    phase: "done",
    createdAt: at,
    startedAt: at,
    completedAt: at,
    phaseStartedAt: at,
    lastHeartbeatAt: at,
    progressPercent: 100,
    report: null,
    scoreUpdatedAt: null,
    diagnostics: null,
    error: { code: "internal_error", message: "x", retryable: false, recommendedNextAction: "start_new_scan" },
    attempts: 1,
  } as ScanRecord;
}

async function seed(scanDaysAgo: number[], auditDaysAgo: number[]) {
  const scans = createMemoryScanStore();
  for (const [index, days] of scanDaysAgo.entries()) {
    const record = ended(`scan_${index}`, days);
    await scans.create(record, { targetKey: targetKeyOf(record) });
  }
  const audit = createMemoryAuditLog();
  for (const [index, days] of auditDaysAgo.entries())
    await audit.append({
      at: daysAgo(days),
      action: "key_issued",
      outcome: "allowed",
      reason: null,
      keyId: `key_${index}`,
      subjectHash: null,
      networkHash: null,
    });
  return { scans, audit };
}

describe("purgeExpiredData", () => {
  it("deletes what is older than each retention, from the clock's now, and reports the cutoffs and counts", async () => {
    const { scans, audit } = await seed([31, 30.5, 29, 1], [401, 399]);
    const report = await purgeExpiredData({ scans, audit, clock }, { scanDays: 30, auditDays: 400 });
    expect(report).toStrictEqual({
      scans: { cutoff: daysAgo(30), count: 2 },
      auditEvents: { cutoff: daysAgo(400), count: 1 },
      dryRun: false,
    });
    expect(await scans.get("scan_0")).toBeNull();
    expect(await scans.get("scan_2")).not.toBeNull();
    expect((await audit.list()).map((event) => event.keyId)).toStrictEqual(["key_1"]);
  });

  it("a dry run counts and deletes nothing", async () => {
    const { scans, audit } = await seed([40, 35], [500]);
    const report = await purgeExpiredData({ scans, audit, clock }, { scanDays: 30, auditDays: 400, dryRun: true });
    expect(report.scans?.count).toBe(2);
    expect(report.auditEvents?.count).toBe(1);
    expect(report.dryRun).toBe(true);
    expect(await scans.countEndedBefore(daysAgo(30))).toBe(2);
    expect(await audit.countBefore(daysAgo(400))).toBe(1);
  });

  it("goes on in batches until nothing is left, and asks no store for more than a batch at a time", async () => {
    const { scans, audit } = await seed([50, 49, 48, 47, 46, 45, 44], []);
    const limits: number[] = [];
    const counting = {
      countEndedBefore: (cutoff: string) => scans.countEndedBefore(cutoff),
      purgeEndedBefore: (cutoff: string, options: { limit: number }) => (
        limits.push(options.limit),
        scans.purgeEndedBefore(cutoff, options)
      ),
    };
    const report = await purgeExpiredData({ scans: counting, audit, clock }, { scanDays: 30, auditDays: null, batchSize: 3 });
    expect(report.scans?.count).toBe(7);
    expect(report.auditEvents).toBeNull();
    // 3 + 3 + 1: the short batch ends the loop.
    expect(limits).toStrictEqual([3, 3, 3]);
    expect(await scans.countEndedBefore(daysAgo(0))).toBe(0);
  });

  it("skips a kind with no retention or no store, and refuses nonsense settings", async () => {
    const { scans } = await seed([100], []);
    expect(await purgeExpiredData({ scans, clock }, { scanDays: null, auditDays: 400 })).toStrictEqual({
      scans: null,
      auditEvents: null,
      dryRun: false,
    });
    expect(await scans.get("scan_0")).not.toBeNull();
    await expect(purgeExpiredData({ scans, clock }, { scanDays: 0, auditDays: null })).rejects.toThrow(RangeError);
    await expect(purgeExpiredData({ scans, clock }, { scanDays: 1.5, auditDays: null })).rejects.toThrow(RangeError);
    await expect(purgeExpiredData({ scans, clock }, { scanDays: 30, auditDays: null, batchSize: 0 })).rejects.toThrow(RangeError);
    expect(DATA_RETENTION_DEFAULTS).toStrictEqual({ scanDays: 30, auditDays: 400, batchSize: 500 });
  });
});
