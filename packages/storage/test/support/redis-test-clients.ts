import type { Redis } from "ioredis";
import { sharedTestRedis, TEST_REDIS } from "@public-scan/test-support/test-redis";
import type { RedisScriptClient } from "../../src/redis/index.js";

/**
 * A script client over `admin` that answers NOSCRIPT to its first EVALSHA, as a Redis that restarted or
 * flushed its script cache does, and records which commands the store sent.
 */
export function forgetfulScriptClient(admin: Redis): { client: RedisScriptClient; calls: string[] } {
  const calls: string[] = [];
  const client: RedisScriptClient = {
    evalsha: ((...args: Parameters<Redis["evalsha"]>) => {
      calls.push("evalsha");
      if (calls.length === 1) return Promise.reject(new Error("NOSCRIPT No matching script. Please use EVAL."));
      return admin.evalsha(...args);
    }) as RedisScriptClient["evalsha"],
    eval: ((...args: Parameters<Redis["eval"]>) => {
      calls.push("eval");
      return admin.eval(...args);
    }) as RedisScriptClient["eval"],
  };
  return { client, calls };
}

/**
 * A conformance-suite factory for a Redis store: every handle is its own connection on the test's prefix
 * (the store creates and quits it), so reopening is a new client on the same keys. Every case fails with a
 * clear message (never skips) when Redis is not there.
 */
export function redisSuiteFactory<Store>(prefix: string, create: (options: { connection: typeof TEST_REDIS; keyPrefix: string }) => Store) {
  return async ({ namespace }: { namespace: string }): Promise<Store> => {
    await sharedTestRedis();
    return create({ connection: { ...TEST_REDIS }, keyPrefix: `${prefix}${namespace}:` });
  };
}
