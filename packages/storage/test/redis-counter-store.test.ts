import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisCounterStore, REDIS_CONSUME_SCRIPT } from "../src/redis/index.js";
import { describeCounterStore } from "../src/testing/index.js";
import { forgetfulScriptClient } from "./support/redis-test-clients.js";
import { releaseTestRedis, scanKeys, sharedTestRedis, TEST_REDIS, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("counters");
const MINUTE = { kind: "rolling", ms: 60_000 } as const;
const T0 = Date.UTC(2026, 7, 15, 12);

afterAll(() => releaseTestRedis(prefix));

// The store creates (and quits) its own connection per handle; peers share the namespace's prefix.
describeCounterStore(
  "redis",
  async ({ namespace }) => {
    // Every case fails with a clear message (never skips) when Redis is not there.
    await sharedTestRedis();
    return createRedisCounterStore({ connection: { ...TEST_REDIS }, keyPrefix: `${prefix}${namespace}:` });
  },
  { propertyRuns: 60 },
);

describe("Redis counter store", () => {
  it("writes only prefixed keys, which expire by TTL after their last entry plus the grace", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}ttl:`;
    const store = createRedisCounterStore({ client: admin, keyPrefix, ttlGraceMs: 1000 });
    await store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: Date.now() });
    expect(await scanKeys(admin, keyPrefix)).toEqual([`${keyPrefix}b:k`]);
    const ttl = await admin.pttl(`${keyPrefix}b:k`);
    expect(ttl).toBeGreaterThan(55_000);
    // The window, up to a bucket (3 s) for the rounding of its expiry, and the grace.
    expect(ttl).toBeLessThanOrEqual(64_000);
    await store.consume({ checks: [{ key: "short", limit: 5, window: { kind: "rolling", ms: 50 }, units: 1 }], now: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await admin.exists(`${keyPrefix}b:short`)).toBe(0);
    await store.close();
  });

  it("falls back to EVAL when the server does not know the script, and leaves a supplied client open", async () => {
    const admin = await sharedTestRedis();
    const { client, calls } = forgetfulScriptClient(admin);
    const store = createRedisCounterStore({ client, keyPrefix: `${prefix}fallback:` });
    const check = { key: "k", limit: 5, window: MINUTE, units: 1 };
    expect(await store.consume({ checks: [check], now: T0 })).toEqual({ allowed: true, usage: [1] });
    expect(await store.consume({ checks: [check], now: T0 })).toEqual({ allowed: true, usage: [2] });
    expect(calls).toEqual(["evalsha", "eval", "evalsha"]);
    const sha = createHash("sha1").update(REDIS_CONSUME_SCRIPT).digest("hex");
    expect(await admin.script("EXISTS", sha)).toEqual([1]);
    await store.close();
    expect(await admin.ping()).toBe("PONG");
  });

  it("keeps one field per bucket, and deletes expired fields when the counter is next used", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}buckets:`;
    const store = createRedisCounterStore({ client: admin, keyPrefix });
    const consume = (now: number) => store.consume({ checks: [{ key: "k", limit: 1000, window: MINUTE, units: 1 }], now });
    // Ten units within one 3-second bucket of the minute, (T0, T0 + 3000], share one field.
    for (let i = 0; i < 10; i += 1) await consume(T0 + 1 + i * 299);
    expect(await admin.hgetall(`${keyPrefix}b:k`)).toEqual({ [String(T0 + 63_000)]: "10" });
    // A unit every second for a minute: one field per bucket, and the first bucket's field is gone once it
    // no longer counts.
    for (let i = 0; i < 60; i += 1) await consume(T0 + 3000 + i * 1000);
    expect(await admin.hlen(`${keyPrefix}b:k`)).toBe(21);
    // 70 units so far; the 11 of the first bucket stop counting at T0 + 63 000 and its field goes.
    expect(await consume(T0 + 63_000)).toEqual({ allowed: true, usage: [60] });
    expect(await admin.hexists(`${keyPrefix}b:k`, String(T0 + 63_000))).toBe(0);
    expect(await admin.hlen(`${keyPrefix}b:k`)).toBe(20);
    // The TTL follows the latest bucket plus the grace: set when that bucket got its first unit (T0 + 61 000,
    // expiring at T0 + 123 000), and not renewed by the units that joined it.
    const ttl = await admin.pttl(`${keyPrefix}b:k`);
    expect(ttl).toBeGreaterThan(115_000);
    expect(ttl).toBeLessThanOrEqual(122_000);
    await store.close();
  });

  it("refuses to consume after close", async () => {
    await sharedTestRedis();
    const store = createRedisCounterStore({ connection: { ...TEST_REDIS }, keyPrefix: `${prefix}closed:` });
    await store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: T0 });
    await store.close();
    await expect(store.consume({ checks: [{ key: "k", limit: 5, window: MINUTE, units: 1 }], now: T0 })).rejects.toThrow(/closed/);
  });
});
