import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisCounterStore, REDIS_CONSUME_SCRIPT } from "../src/redis/index.js";
import { describeCounterStore } from "../src/testing/index.js";
import { forgetfulScriptClient, releaseTestRedis, scanKeys, sharedTestRedis, TEST_REDIS, uniqueRedisPrefix } from "./support/test-redis.js";

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
    const keys = await scanKeys(admin, keyPrefix);
    expect(keys).toEqual([`${keyPrefix}e:k`, `${keyPrefix}m:k`]);
    for (const key of keys) {
      const ttl = await admin.pttl(key);
      expect(ttl).toBeGreaterThan(55_000);
      // The window, up to a bucket (3 s) for the rounding of its expiry, and the grace.
      expect(ttl).toBeLessThanOrEqual(64_000);
    }
    await store.consume({ checks: [{ key: "short", limit: 5, window: { kind: "rolling", ms: 50 }, units: 1 }], now: Date.now() });
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await admin.exists(`${keyPrefix}e:short`, `${keyPrefix}m:short`)).toBe(0);
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

  it("recounts a counter whose running total was lost", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}heal:`;
    const store = createRedisCounterStore({ client: admin, keyPrefix });
    const check = (units: number) => ({ key: "k", limit: 10, window: MINUTE, units });
    await store.consume({ checks: [check(3)], now: T0 });
    await store.consume({ checks: [check(4)], now: T0 + 1 });
    await admin.del(`${keyPrefix}m:k`);
    expect(await store.consume({ checks: [check(3)], now: T0 + 2 })).toEqual({ allowed: true, usage: [10] });
    // The new entry was added beside the live ones, not over one of them.
    expect(await admin.zcard(`${keyPrefix}e:k`)).toBe(3);
    expect(await store.consume({ checks: [check(1)], now: T0 + 3 })).toMatchObject({ allowed: false, usage: 10, retryAfterMs: 59_997 });
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
