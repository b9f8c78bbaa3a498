import { createHash } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisAccountStore, REDIS_ACCOUNT_SCRIPTS } from "../src/redis/index.js";
import { createTestAccountRecord, describeAccountStore } from "../src/testing/index.js";
import { expectRefusedAfterClose } from "@public-scan/test-support/expect-refused-after-close";
import { forgetfulScriptClient, redisSuiteFactory } from "./support/redis-test-clients.js";
import { releaseTestRedis, scanKeys, sharedTestRedis, uniqueRedisPrefix } from "@public-scan/test-support/test-redis";

const prefix = uniqueRedisPrefix("accounts");

afterAll(() => releaseTestRedis(prefix));

describeAccountStore("redis", redisSuiteFactory(prefix, createRedisAccountStore), { durable: true });

describe("Redis account store", () => {
  it("writes only prefixed keys: the record hash, the normalized email index and the creation order", async () => {
    const admin = await sharedTestRedis();
    const keyPrefix = `${prefix}layout:`;
    const store = createRedisAccountStore({ client: admin, keyPrefix });
    const record = createTestAccountRecord({ accountId: "acct_k", email: " Layout@Example.TEST" });
    await store.create(record);
    const stored = { ...record, email: "layout@example.test" };
    expect(await scanKeys(admin, keyPrefix)).toEqual([`${keyPrefix}e:layout@example.test`, `${keyPrefix}order`, `${keyPrefix}r:acct_k`]);
    expect(await admin.get(`${keyPrefix}e:layout@example.test`)).toBe("acct_k");
    expect(await admin.zrange(`${keyPrefix}order`, "0", "-1", "WITHSCORES")).toEqual([`${record.createdAt}\u0000acct_k`, "0"]);
    expect(await admin.hgetall(`${keyPrefix}r:acct_k`)).toEqual({
      record: JSON.stringify(stored),
      created_at: record.createdAt,
      password_hash: record.passwordHash,
    });
    // Verifying adds a field beside the record JSON instead of rewriting it.
    await store.markEmailVerified("acct_k", "2026-11-24T00:00:00.000Z");
    expect(await admin.hget(`${keyPrefix}r:acct_k`, "record")).toBe(JSON.stringify(stored));
    expect(await admin.hget(`${keyPrefix}r:acct_k`, "email_verified_at")).toBe("2026-11-24T00:00:00.000Z");
    // So do scopes: JSON text the store encoded, which no script decodes (cjson would make [] an object).
    await store.setScopes("acct_k", ["mcp", "scan:create", "scan:read"]);
    await store.setScopes("acct_k", []);
    expect(await admin.hget(`${keyPrefix}r:acct_k`, "record")).toBe(JSON.stringify(stored));
    expect(await admin.hget(`${keyPrefix}r:acct_k`, "scopes")).toBe("[]");
    expect((await store.get("acct_k"))?.scopes).toStrictEqual([]);
    await store.close();
  });

  it("falls back to EVAL when the server does not know a script, and leaves a supplied client open", async () => {
    const admin = await sharedTestRedis();
    const { client, calls } = forgetfulScriptClient(admin);
    const store = createRedisAccountStore({ client, keyPrefix: `${prefix}fallback:` });
    const record = createTestAccountRecord({ accountId: "acct_f" });
    expect(await store.create(record)).toBe(true);
    expect(await store.get("acct_f")).toStrictEqual(record);
    expect(calls).toEqual(["evalsha", "eval", "evalsha"]);
    const sha = createHash("sha1").update(REDIS_ACCOUNT_SCRIPTS.create).digest("hex");
    expect(await admin.script("EXISTS", sha)).toEqual([1]);
    await store.close();
    expect(await admin.ping()).toBe("PONG");
  });

  it("refuses every operation after close", async () => {
    await expectRefusedAfterClose(await redisSuiteFactory(prefix, createRedisAccountStore)({ namespace: "closed" }), {
      read: (store) => store.list({ limit: 1 }),
      write: (store) => store.create(createTestAccountRecord({ accountId: "acct_x" })),
    });
  });
});
