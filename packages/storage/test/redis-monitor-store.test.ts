import { afterAll, describe, expect, it } from "vitest";
import { createRedisMonitorStore } from "../src/redis/index.js";
import { createTestMonitorRecord, createTestMonitorRun, describeMonitorStore, testTick } from "../src/testing/index.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { redisSuiteFactory } from "./support/redis-test-clients.js";
import { releaseTestRedis, scanKeys, sharedTestRedis, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("monitors");

afterAll(() => releaseTestRedis(prefix));

describeMonitorStore("redis", redisSuiteFactory(prefix, createRedisMonitorStore), { durable: true });

describe("Redis monitor store", () => {
  it("writes only prefixed keys, and a delete leaves none of the monitor's behind", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}layout:`;
    const store = createRedisMonitorStore({ client: admin, keyPrefix });
    const record = createTestMonitorRecord();
    await store.create(record, { maxPerOwner: 1 });
    await store.claimRun(createTestMonitorRun(record.monitorId, testTick(1)));
    expect(await scanKeys(admin, keyPrefix)).toEqual([
      `${keyPrefix}active`,
      `${keyPrefix}m:${record.monitorId}`,
      `${keyPrefix}o:key_owner1`,
      `${keyPrefix}r:${record.monitorId}`,
      `${keyPrefix}t:${record.monitorId}`,
    ]);
    expect(await store.delete(record.monitorId)).toBe(true);
    expect(await scanKeys(admin, keyPrefix)).toEqual([]);
    await store.close();
    expect(await admin.ping()).toBe("PONG");
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await redisSuiteFactory(prefix, createRedisMonitorStore)({ namespace: "closed" }), {
      read: (store) => store.get(createTestMonitorRecord().monitorId),
      write: (store) => store.create(createTestMonitorRecord(), { maxPerOwner: 1 }),
    });
  });
});
