import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisKeyStore, REDIS_KEY_SCRIPTS } from "../src/redis/index.js";
import { createTestKeyRecord, describeKeyStore } from "../src/testing/index.js";
import { forgetfulScriptClient, releaseTestRedis, scanKeys, sharedTestRedis, TEST_REDIS, uniqueRedisPrefix } from "./support/test-redis.js";

const prefix = uniqueRedisPrefix("keys");

afterAll(() => releaseTestRedis(prefix));

// Every handle is its own connection (the store creates and quits it); reopening is a new client on the same prefix.
describeKeyStore(
  "redis",
  async ({ namespace }) => {
    // Every case fails with a clear message (never skips) when Redis is not there.
    await sharedTestRedis();
    return createRedisKeyStore({ connection: { ...TEST_REDIS }, keyPrefix: `${prefix}${namespace}:` });
  },
  { durable: true },
);

describe("Redis key store", () => {
  it("writes only prefixed keys: the record hash and its token-hash index, never the token", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}layout:`;
    const store = createRedisKeyStore({ client: admin, keyPrefix });
    const record = createTestKeyRecord({ keyId: "key_k" });
    await store.create(record);
    expect(await scanKeys(admin, keyPrefix)).toEqual([`${keyPrefix}h:${record.hash}`, `${keyPrefix}r:key_k`]);
    expect(await admin.get(`${keyPrefix}h:${record.hash}`)).toBe("key_k");
    expect(await admin.hkeys(`${keyPrefix}r:key_k`)).toEqual(["record"]);
    // Revoking adds a field beside the record JSON instead of rewriting it.
    await store.revoke("key_k", "2026-11-24T00:00:00.000Z");
    expect(await admin.hgetall(`${keyPrefix}r:key_k`)).toEqual({ record: JSON.stringify(record), revoked_at: "2026-11-24T00:00:00.000Z" });
    await store.close();
  });

  it("falls back to EVAL when the server does not know a script, and leaves a supplied client open", async () => {
    const admin = await sharedTestRedis();
    const { client, calls } = forgetfulScriptClient(admin);
    const store = createRedisKeyStore({ client, keyPrefix: `${prefix}fallback:` });
    const record = createTestKeyRecord({ keyId: "key_f" });
    expect(await store.create(record)).toBe(true);
    expect(await store.get("key_f")).toStrictEqual(record);
    expect(calls).toEqual(["evalsha", "eval", "evalsha"]);
    const sha = createHash("sha1").update(REDIS_KEY_SCRIPTS.create).digest("hex");
    expect(await admin.script("EXISTS", sha)).toEqual([1]);
    await store.close();
    expect(await admin.ping()).toBe("PONG");
  });

  it("refuses every operation after close", async () => {
    await sharedTestRedis();
    const store = createRedisKeyStore({ connection: { ...TEST_REDIS }, keyPrefix: `${prefix}closed:` });
    expect(await store.get("key_x")).toBeNull();
    await store.close();
    await expect(store.get("key_x")).rejects.toThrow(/closed/);
    await expect(store.create(createTestKeyRecord({ keyId: "key_x" }))).rejects.toThrow(/closed/);
  });
});
