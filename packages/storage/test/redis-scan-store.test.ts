import { createHash } from "node:crypto";
import { targetKeyOf } from "@public-scan/core";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisScanStore, REDIS_SCAN_SCRIPTS } from "../src/redis/index.js";
import { createTestScanRecord, describeScanStore } from "../src/testing/index.js";
import {
  expectRefusedAfterClose,
  forgetfulScriptClient,
  redisSuiteFactory,
  releaseTestRedis,
  scanKeys,
  sharedTestRedis,
  uniqueRedisPrefix,
} from "./support/test-redis.js";

const prefix = uniqueRedisPrefix("scans");

afterAll(() => releaseTestRedis(prefix));

describeScanStore("redis", redisSuiteFactory(prefix, createRedisScanStore), { durable: true });

describe("Redis scan store", () => {
  it("writes only prefixed keys: the record hash and the indexes it belongs to", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}layout:`;
    const store = createRedisScanStore({ client: admin, keyPrefix });
    const queued = createTestScanRecord({ scanId: "scan_k", status: "queued" });
    const targetKey = targetKeyOf(queued);
    await store.create(queued, { targetKey });
    expect(await scanKeys(admin, keyPrefix)).toEqual([`${keyPrefix}active`, `${keyPrefix}active:${targetKey}`, `${keyPrefix}r:scan_k`]);
    const completed = createTestScanRecord({ scanId: "scan_k", status: "completed" });
    await store.update(completed, { expectedStatus: "queued", targetKey });
    expect(await scanKeys(admin, keyPrefix)).toEqual(
      [
        `${keyPrefix}domain-from:eu|example.test`,
        `${keyPrefix}domain:example.test`,
        `${keyPrefix}done:${targetKey}`,
        `${keyPrefix}r:scan_k`,
      ].sort(),
    );
    expect(await admin.zscore(`${keyPrefix}done:${targetKey}`, "scan_k")).toBe(String(Date.parse(completed.completedAt!)));
    await store.close();
  });

  it("falls back to EVAL when the server does not know a script, and leaves a supplied client open", async () => {
    const admin = await sharedTestRedis();
    const { client, calls } = forgetfulScriptClient(admin);
    const store = createRedisScanStore({ client, keyPrefix: `${prefix}fallback:` });
    const record = createTestScanRecord({ scanId: "scan_f", status: "queued" });
    expect(await store.create(record, { targetKey: targetKeyOf(record) })).toBe(true);
    expect(await store.get("scan_f")).toStrictEqual(record);
    expect(calls).toEqual(["evalsha", "eval", "evalsha"]);
    const sha = createHash("sha1").update(REDIS_SCAN_SCRIPTS.create).digest("hex");
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
});
