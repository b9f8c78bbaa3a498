import { createHash } from "node:crypto";
import { targetKeyOf } from "@public-scan/core";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisScanStore, REDIS_SCAN_SCHEMA_VERSION, REDIS_SCAN_SCRIPTS } from "../src/redis/index.js";
import { createTestScanRecord, describeRecentScans, describeScanRetention, describeScanStore } from "../src/testing/index.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { forgetfulScriptClient, redisSuiteFactory } from "./support/redis-test-clients.js";
import { releaseTestRedis, scanKeys, sharedTestRedis, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("scans");

afterAll(() => releaseTestRedis(prefix));

describeScanStore("redis", redisSuiteFactory(prefix, createRedisScanStore), { durable: true });
describeScanRetention("redis", redisSuiteFactory(prefix, createRedisScanStore), { durable: true });
describeRecentScans("redis", redisSuiteFactory(prefix, createRedisScanStore), { durable: true });

describe("Redis scan store", () => {
  it("writes only prefixed keys: the record hash and the indexes it belongs to", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}layout:`;
    const store = createRedisScanStore({ client: admin, keyPrefix });
    const queued = createTestScanRecord({ scanId: "scan_k", status: "queued" });
    const targetKey = targetKeyOf(queued);
    await store.create(queued, { targetKey });
    expect(await scanKeys(admin, keyPrefix)).toEqual([
      `${keyPrefix}active`,
      `${keyPrefix}active:${targetKey}`,
      `${keyPrefix}r:scan_k`,
      `${keyPrefix}schema-version`,
    ]);
    expect(await admin.get(`${keyPrefix}schema-version`)).toBe(String(REDIS_SCAN_SCHEMA_VERSION));
    const completed = createTestScanRecord({ scanId: "scan_k", status: "completed" });
    await store.update(completed, { expectedStatus: "queued", targetKey });
    expect(await scanKeys(admin, keyPrefix)).toEqual(
      [
        `${keyPrefix}domain-from:eu|example.test`,
        `${keyPrefix}domain:example.test`,
        `${keyPrefix}done:${targetKey}`,
        `${keyPrefix}ended`,
        `${keyPrefix}r:scan_k`,
        `${keyPrefix}schema-version`,
      ].sort(),
    );
    expect(await admin.zscore(`${keyPrefix}done:${targetKey}`, "scan_k")).toBe(String(Date.parse(completed.completedAt!)));
    expect(await admin.zscore(`${keyPrefix}ended`, "scan_k")).toBe(String(Date.parse(completed.completedAt!)));
    await store.close();
  });

  it("falls back to EVAL when the server does not know a script, and leaves a supplied client open", async () => {
    const admin = await sharedTestRedis();
    const { client, calls } = forgetfulScriptClient(admin);
    // The layout is current (another store checked it), so the store's commands are its version check,
    // which the server "forgot", then create and get.
    await createRedisScanStore({ client: admin, keyPrefix: `${prefix}fallback:` }).get("scan_none");
    const store = createRedisScanStore({ client, keyPrefix: `${prefix}fallback:` });
    const record = createTestScanRecord({ scanId: "scan_f", status: "queued" });
    expect(await store.create(record, { targetKey: targetKeyOf(record) })).toBe(true);
    expect(await store.get("scan_f")).toStrictEqual(record);
    expect(calls).toEqual(["evalsha", "eval", "evalsha", "evalsha"]);
    const sha = createHash("sha1").update(REDIS_SCAN_SCRIPTS.schemaVersion).digest("hex");
    expect(await admin.script("EXISTS", sha)).toEqual([1]);
    await store.close();
    expect(await admin.ping()).toBe("PONG");
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await redisSuiteFactory(prefix, createRedisScanStore)({ namespace: "closed" }), {
      read: (store) => store.get("scan_x"),
      write: (store) => {
        const record = createTestScanRecord({ scanId: "scan_x", status: "queued" });
        return store.create(record, { targetKey: targetKeyOf(record) });
      },
    });
  });

  it("upgrades a layout written before versions: ended scans stored then are indexed, and purged", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}v0:`;
    const writer = createRedisScanStore({ client: admin, keyPrefix });
    const ended = [
      createTestScanRecord({ scanId: "scan_v0a", status: "completed", completedAt: "2026-01-01T00:00:00.000Z" }),
      createTestScanRecord({ scanId: "scan_v0b", status: "failed", url: "https://b.test/", completedAt: "2026-01-02T00:00:00.000Z" }),
    ];
    const active = createTestScanRecord({ scanId: "scan_v0c", status: "running", url: "https://c.test/" });
    for (const record of [...ended, active]) expect(await writer.create(record, { targetKey: targetKeyOf(record) })).toBe(true);
    // What version 0 wrote: the same records and indexes, without the ended set and the version.
    await admin.del(`${keyPrefix}ended`, `${keyPrefix}schema-version`);

    const store = createRedisScanStore({ client: admin, keyPrefix });
    expect(await store.countEndedBefore("2026-06-01T00:00:00.000Z")).toBe(2);
    expect(await admin.get(`${keyPrefix}schema-version`)).toBe(String(REDIS_SCAN_SCHEMA_VERSION));
    expect(await admin.zscore(`${keyPrefix}ended`, "scan_v0b")).toBe(String(Date.parse("2026-01-02T00:00:00.000Z")));
    expect(await store.purgeEndedBefore("2026-06-01T00:00:00.000Z", { limit: 10 })).toBe(2);
    expect(await store.get("scan_v0a")).toBeNull();
    expect(await store.latestForDomain("example.test")).toBeNull();
    expect(await store.get("scan_v0c")).toStrictEqual(active);
  });

  it("refuses a layout newer than the code, and changes nothing", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}future:`;
    await admin.set(`${keyPrefix}schema-version`, String(REDIS_SCAN_SCHEMA_VERSION + 1));
    const store = createRedisScanStore({ client: admin, keyPrefix });
    const record = createTestScanRecord({ scanId: "scan_future", status: "queued" });
    await expect(store.create(record, { targetKey: targetKeyOf(record) })).rejects.toThrow(/layout version 2, newer than this version/);
    expect(await scanKeys(admin, keyPrefix)).toEqual([`${keyPrefix}schema-version`]);
    expect(await admin.get(`${keyPrefix}schema-version`)).toBe(String(REDIS_SCAN_SCHEMA_VERSION + 1));
  });
});
