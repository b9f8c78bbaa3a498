import { createMemoryScanStore, targetKeyOf } from "@public-scan/core";
import { createMemoryAuditLog } from "@public-scan/core/testing";
import { createTestAuditEvent, createTestScanRecord } from "@public-scan/storage/testing";
import { describe, expect, it } from "vitest";
import { parseRetentionConfig } from "../src/parse-retention-config.js";
import { parseServeConfig } from "../src/serve/parse-serve-config.js";
import { startRetentionSweep } from "../src/serve/start-retention-sweep.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 30);
const clock = { now: () => NOW };
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

async function seeded() {
  const scans = createMemoryScanStore();
  const old = createTestScanRecord({ scanId: "scan_old", status: "completed", completedAt: daysAgo(31) });
  const recent = createTestScanRecord({ scanId: "scan_recent", status: "failed", url: "https://recent.test/", completedAt: daysAgo(1) });
  for (const record of [old, recent]) await scans.create(record, { targetKey: targetKeyOf(record) });
  const audit = createMemoryAuditLog();
  await audit.append(createTestAuditEvent({ keyId: "key_old", at: daysAgo(401) }));
  return { scans, audit };
}

const until = async (check: () => Promise<boolean>) => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("timed out");
};

describe("the server's retention sweep", () => {
  it("purges at start and on every interval, logs what it deleted, and stops", async () => {
    const stores = await seeded();
    const lines: string[] = [];
    const sweep = startRetentionSweep({
      stores,
      retention: { scanDays: 30, auditDays: 400, sweepIntervalMs: 20 },
      clock,
      log: (line) => lines.push(line),
    });
    await until(async () => (await stores.scans.get("scan_old")) === null);
    expect(lines).toContain("retention: purged 1 scan(s) and 1 audit event(s)");
    expect(await stores.scans.get("scan_recent")).not.toBeNull();
    // A scan that ends up past its retention later is taken by a later interval.
    const late = createTestScanRecord({ scanId: "scan_late", status: "expired", url: "https://late.test/", completedAt: daysAgo(60) });
    await stores.scans.create(late, { targetKey: targetKeyOf(late) });
    await until(async () => (await stores.scans.get("scan_late")) === null);
    await sweep.stop();
    await stores.scans.create(late, { targetKey: targetKeyOf(late) });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await stores.scans.get("scan_late")).not.toBeNull();
    expect(await sweep.runOnce()).toBeNull();
  });

  it("with no interval never runs by itself, and logs a failure instead of throwing", async () => {
    const stores = await seeded();
    const lines: string[] = [];
    const sweep = startRetentionSweep({
      stores,
      retention: { scanDays: 30, auditDays: 400, sweepIntervalMs: null },
      clock,
      log: (line) => lines.push(line),
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(await stores.scans.get("scan_old")).not.toBeNull();
    expect((await sweep.runOnce())?.scans?.count).toBe(1);
    await sweep.stop();

    const failing = startRetentionSweep({
      stores: {
        scans: { countEndedBefore: () => Promise.resolve(0), purgeEndedBefore: () => Promise.reject(new Error("store down")) },
        audit: stores.audit,
      },
      retention: { scanDays: 30, auditDays: 400, sweepIntervalMs: null },
      clock,
      log: (line) => lines.push(line),
    });
    expect(await failing.runOnce()).toBeNull();
    expect(lines.at(-1)).toBe("retention: purge failed (retried at the next interval): store down");
    await failing.stop();
  });
});

describe("retention settings", () => {
  it("default to 30 days of scans, 400 of audit events, a sweep every hour; off and 0 turn each off", () => {
    expect(parseRetentionConfig({})).toStrictEqual({ scanDays: 30, auditDays: 400, sweepIntervalMs: 3_600_000 });
    expect(
      parseRetentionConfig({
        PUBLIC_SCAN_SCAN_RETENTION_DAYS: "off",
        PUBLIC_SCAN_AUDIT_RETENTION_DAYS: "730",
        PUBLIC_SCAN_PURGE_INTERVAL_MINUTES: "0",
      }),
    ).toStrictEqual({ scanDays: null, auditDays: 730, sweepIntervalMs: null });
    expect(parseServeConfig([], { PUBLIC_SCAN_PURGE_INTERVAL_MINUTES: "15" }).retention.sweepIntervalMs).toBe(900_000);
  });

  it.each([
    [{ PUBLIC_SCAN_SCAN_RETENTION_DAYS: "0" }, "PUBLIC_SCAN_SCAN_RETENTION_DAYS"],
    [{ PUBLIC_SCAN_AUDIT_RETENTION_DAYS: "a year" }, "PUBLIC_SCAN_AUDIT_RETENTION_DAYS"],
    [{ PUBLIC_SCAN_PURGE_INTERVAL_MINUTES: "-1" }, "PUBLIC_SCAN_PURGE_INTERVAL_MINUTES"],
  ])("refuses %j", (env, name) => {
    expect(() => parseRetentionConfig(env)).toThrow(name);
  });
});
