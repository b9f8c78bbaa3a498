import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { expect } from "vitest";
import type { RedisScriptClient } from "../../src/redis/index.js";

/** The Redis the tests use: loopback by default, overridable for CI; never skipped when absent. */
export const TEST_REDIS = {
  host: process.env.PUBLIC_SCAN_TEST_REDIS_HOST ?? "127.0.0.1",
  port: Number(process.env.PUBLIC_SCAN_TEST_REDIS_PORT ?? 6379),
} as const;

/** A key prefix no other run shares, so runs (and engineers) sharing one Redis never see each other's keys. */
export const uniqueRedisPrefix = (label: string) => `public-scan-test:${label}:${randomUUID()}:`;

/**
 * A client that fails fast: one connection attempt, no offline queue. An unreachable Redis fails the
 * tests with this message instead of hanging until the test timeout.
 */
export async function connectTestRedis(): Promise<Redis> {
  const client = new Redis({
    ...TEST_REDIS,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(
      `Redis is required by these tests and is not reachable at ${TEST_REDIS.host}:${TEST_REDIS.port} ` +
        "(set PUBLIC_SCAN_TEST_REDIS_HOST / PUBLIC_SCAN_TEST_REDIS_PORT)",
      { cause: error },
    );
  }
  return client;
}

let shared: Promise<Redis> | undefined;

/**
 * One admin connection per test file, opened on first use. Every test awaits it, so an unreachable Redis
 * fails each test (not a hook, which vitest would report as skipped tests).
 */
export function sharedTestRedis(): Promise<Redis> {
  shared ??= connectTestRedis();
  return shared;
}

/** Deletes the run's keys and closes the shared connection, if it ever opened. */
export async function releaseTestRedis(prefix: string): Promise<void> {
  const client = await shared?.catch(() => undefined);
  if (client === undefined) return;
  await deleteKeys(client, prefix);
  client.disconnect();
}

/** Every key under `prefix`, sorted (SCAN, not KEYS, so a shared server is not blocked). */
export async function scanKeys(client: Redis, prefix: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
    cursor = next;
    found.push(...keys);
  } while (cursor !== "0");
  return [...new Set(found)].sort();
}

/** Deletes every key under `prefix`; returns how many there were. */
export async function deleteKeys(client: Redis, prefix: string): Promise<number> {
  const keys = await scanKeys(client, prefix);
  return keys.length === 0 ? 0 : client.del(...keys);
}

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

/** After close, a Redis store refuses a read and a write instead of reconnecting behind its owner's back. */
export async function expectRefusedAfterClose<Store extends { close(): Promise<void> }>(
  store: Store,
  operations: { read: (store: Store) => Promise<unknown>; write: (store: Store) => Promise<unknown> },
): Promise<void> {
  await operations.read(store);
  await store.close();
  await expect(operations.read(store)).rejects.toThrow(/closed/);
  await expect(operations.write(store)).rejects.toThrow(/closed/);
}
