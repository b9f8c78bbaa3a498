import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";

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
