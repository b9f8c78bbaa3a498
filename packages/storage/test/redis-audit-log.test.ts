import { afterAll, describe, expect, it } from "vitest";
import { createRedisAuditLog } from "../src/redis/index.js";
import { createTestAuditEvent, describeAuditLog, describeAuditRetention } from "../src/testing/index.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { redisSuiteFactory } from "./support/redis-test-clients.js";
import { releaseTestRedis, scanKeys, sharedTestRedis, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("audit");

afterAll(() => releaseTestRedis(prefix));

describeAuditLog("redis", redisSuiteFactory(prefix, createRedisAuditLog), { durable: true });
describeAuditRetention("redis", redisSuiteFactory(prefix, createRedisAuditLog), { durable: true });

describe("Redis audit log", () => {
  it("appends to one prefixed stream, one JSON field per entry", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}layout:`;
    const log = createRedisAuditLog({ client: admin, keyPrefix });
    const event = createTestAuditEvent();
    await log.append(event);
    expect(await scanKeys(admin, keyPrefix)).toEqual([`${keyPrefix}events`]);
    expect(await admin.type(`${keyPrefix}events`)).toBe("stream");
    const [[, fields]] = (await admin.xrange(`${keyPrefix}events`, "-", "+")) as [[string, string[]]];
    expect(fields).toEqual(["event", JSON.stringify(event)]);
    await log.close();
    // A supplied client stays open.
    expect(await admin.ping()).toBe("PONG");
  });

  it("trims the oldest events beyond maxEvents, and still lists the newest first", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}capped:`;
    const log = createRedisAuditLog({ client: admin, keyPrefix, maxEvents: 10 });
    const events = Array.from({ length: 400 }, (_, index) => createTestAuditEvent({ keyId: `key_${index}` }));
    for (const event of events) await log.append(event);
    // Approximate trimming drops whole stream nodes (100 entries by default), so the length stays near the bound.
    const length = await admin.xlen(`${keyPrefix}events`);
    expect(length).toBeGreaterThanOrEqual(10);
    expect(length).toBeLessThan(400);
    expect(await log.list({ limit: 10 })).toStrictEqual(events.slice(-10).reverse());
  });

  it("refuses a limit or a bound that is not a positive integer", async () => {
    const log = createRedisAuditLog({ client: await sharedTestRedis(), keyPrefix: `${prefix}limits:` });
    for (const limit of [0, -1, 1.5, Number.NaN]) await expect(log.list({ limit })).rejects.toThrow(RangeError);
    expect(() => createRedisAuditLog({ maxEvents: 0 })).toThrow(RangeError);
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await redisSuiteFactory(prefix, createRedisAuditLog)({ namespace: "closed" }), {
      read: (log) => log.list(),
      write: (log) => log.append(createTestAuditEvent()),
    });
  });
});
