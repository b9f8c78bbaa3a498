import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisKeyStore, REDIS_KEY_SCRIPTS } from "../src/redis/index.js";
import { createTestKeyRecord, describeKeyStore } from "../src/testing/index.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { forgetfulScriptClient, redisSuiteFactory } from "./support/redis-test-clients.js";
import { releaseTestRedis, scanKeys, sharedTestRedis, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("keys");

afterAll(() => releaseTestRedis(prefix));

describeKeyStore("redis", redisSuiteFactory(prefix, createRedisKeyStore), { durable: true });

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

  it("reads records written before keys had owners as unowned, and indexes owned keys per owner", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}legacy:`;
    // A record and its hash index exactly as the store wrote them before ownerId existed.
    const { ownerId: _dropped, ...legacy } = createTestKeyRecord({ keyId: "key_legacy" });
    await admin.hset(`${keyPrefix}r:key_legacy`, "record", JSON.stringify(legacy));
    await admin.set(`${keyPrefix}h:${legacy.hash}`, "key_legacy");

    const store = createRedisKeyStore({ client: admin, keyPrefix });
    expect(await store.get("key_legacy")).toStrictEqual({ ...legacy, ownerId: null });
    expect(await store.findByHash(legacy.hash)).toStrictEqual({ ...legacy, ownerId: null });
    expect(await store.revoke("key_legacy", "2026-11-24T00:00:00.000Z")).toBe(true);
    const owned = createTestKeyRecord({ keyId: "key_owned", ownerId: "acct_1" });
    await store.create(owned);
    expect(await scanKeys(admin, `${keyPrefix}o:`)).toEqual([`${keyPrefix}o:acct_1`]);
    expect(await store.listByOwner("acct_1")).toStrictEqual([owned]);
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
    await expectRefusedAfterClose(await redisSuiteFactory(prefix, createRedisKeyStore)({ namespace: "closed" }), {
      read: (store) => store.get("key_x"),
      write: (store) => store.create(createTestKeyRecord({ keyId: "key_x" })),
    });
  });
});
