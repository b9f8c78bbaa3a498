import type { Redis } from "ioredis";
import { Keyv } from "keyv";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisKeyvStore } from "../src/redis/index.js";
import { describeKeyvStore } from "../src/testing/index.js";
import { redisSuiteFactory } from "./support/redis-test-clients.js";
import { releaseTestRedis, scanKeys, sharedTestRedis, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("keyv");

afterAll(() => releaseTestRedis(prefix));

// Every handle is a connection of its own on the test's key prefix.
describeKeyvStore("redis", redisSuiteFactory(prefix, createRedisKeyvStore), { durable: true });

/** A client over `admin` that records the name of every command method the store calls. */
function recordingClient(admin: Redis): { client: Redis; calls: string[] } {
  const calls: string[] = [];
  const client = new Proxy(admin, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        calls.push(String(property));
        return (value as (...args: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client, calls };
}

describe("Redis keyv store", () => {
  it("writes one string key per entry under its prefix, expiring at its expires (PXAT)", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}layout:`;
    const expires = Date.now() + 60_000;
    const store = createRedisKeyvStore({ client: admin, keyPrefix });
    expect(store.capabilities).toMatchObject({ compatible: true, store: "keyvStorage", expires: true });
    await store.set("k", "plain");
    await createRedisKeyvStore({ client: admin, keyPrefix, namespace: "a:b*" }).set("token:1", "timed", expires);
    await new Keyv({ store: createRedisKeyvStore({ client: admin, keyPrefix }), namespace: "sessions" }).set("s", { id: 1 });
    expect(await scanKeys(admin, keyPrefix)).toEqual([`${keyPrefix}:k`, `${keyPrefix}a%3Ab*:token:1`, `${keyPrefix}sessions:s`]);
    expect(await admin.get(`${keyPrefix}:k`)).toBe("plain");
    expect(await admin.pttl(`${keyPrefix}:k`)).toBe(-1);
    expect(await admin.call("PEXPIRETIME", `${keyPrefix}a%3Ab*:token:1`)).toBe(expires);
    expect(JSON.parse((await admin.get(`${keyPrefix}sessions:s`))!)).toMatchObject({ value: { id: 1 } });
  });

  it("clears with SCAN and UNLINK only, within its namespace, and leaves a given client open", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}clear:`;
    const { client, calls } = recordingClient(admin);
    await admin.set(`${prefix}another-store:x`, "kept");
    await admin.set(`${keyPrefix}sessions-but-not-keyv`, "kept");
    const sessions = createRedisKeyvStore({ client, keyPrefix, namespace: "sessions" });
    await sessions.setMany(Array.from({ length: 1200 }, (_, index) => ({ key: `s${index}`, value: "v" })));
    await createRedisKeyvStore({ client: admin, keyPrefix, namespace: "tokens" }).set("t", "kept");
    calls.length = 0;
    await sessions.clear();
    expect(new Set(calls)).toEqual(new Set(["scan", "unlink"]));
    expect(await scanKeys(admin, keyPrefix)).toEqual([`${keyPrefix}sessions-but-not-keyv`, `${keyPrefix}tokens:t`]);
    expect(await admin.get(`${prefix}another-store:x`)).toBe("kept");
    await sessions.disconnect();
    expect(await admin.ping()).toBe("PONG");
  });

  it("refuses values that are not strings, and every operation after disconnect", async () => {
    const store = await redisSuiteFactory(prefix, createRedisKeyvStore)({ namespace: "closed" });
    await expect(store.set("k", { value: 1 })).rejects.toThrow(TypeError);
    await expect(
      store.setMany([
        { key: "ok", value: "fine" },
        { key: "k", value: 42 },
      ]),
    ).rejects.toThrow(TypeError);
    expect(await store.getMany(["k", "ok"])).toEqual([undefined, undefined]);
    await store.disconnect();
    await expect(store.disconnect()).resolves.toBeUndefined();
    await expect(store.get("k")).rejects.toThrow(/closed/);
    await expect(store.set("k", "v")).rejects.toThrow(/closed/);
  });
});
