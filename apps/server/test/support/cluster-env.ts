import { randomUUID } from "node:crypto";
import { createRedisClient, deleteKeysByPrefix } from "@public-scan/storage/redis";
import { fixtureServeEnv } from "./fixture-serve-env.js";

/** The Redis the cluster tests use: the machine's, overridable like the storage tests'; never skipped. */
export const TEST_REDIS_URL = `redis://${process.env.PUBLIC_SCAN_TEST_REDIS_HOST ?? "127.0.0.1"}:${process.env.PUBLIC_SCAN_TEST_REDIS_PORT ?? "6379"}`;

/** A deployment prefix no other run shares, so tests on one Redis never see each other's keys or jobs. */
export const uniqueDeploymentPrefix = (label: string) => `public-scan-test:cluster-${label}-${randomUUID()}:`;

/**
 * The environment of one process of a test cluster: the fixture web and shared browser of `fixtureServeEnv`,
 * Redis under the deployment's prefix, a short job lock (a dead worker's job runs again within seconds), no
 * accounts (not what these tests are about).
 */
export function clusterEnv(input: { dataDir: string; prefix: string; redisUrl?: string }): Record<string, string> {
  return {
    ...fixtureServeEnv(input.dataDir),
    PUBLIC_SCAN_REDIS_URL: input.redisUrl ?? TEST_REDIS_URL,
    PUBLIC_SCAN_REDIS_PREFIX: input.prefix,
    PUBLIC_SCAN_JOB_LOCK_MS: "2000",
    PUBLIC_SCAN_ACCOUNTS: "off",
  };
}

/**
 * An admin client for assertions on what the cluster stored. Fails the test (never skips it) with a clear
 * message when Redis is not reachable.
 */
export async function connectAdminRedis(url = TEST_REDIS_URL) {
  const client = await createRedisClient(url, { redis: { retryStrategy: () => null, maxRetriesPerRequest: 0 } });
  try {
    await client.ping();
  } catch (error) {
    client.disconnect();
    throw new Error(`these tests need Redis at ${url}`, { cause: error });
  }
  return client;
}

/** Deletes every key under the prefix. */
export async function deletePrefix(client: Awaited<ReturnType<typeof connectAdminRedis>>, prefix: string): Promise<void> {
  await deleteKeysByPrefix(client, prefix);
}

type AdminRedis = Awaited<ReturnType<typeof connectAdminRedis>>;
/** The stored record's fields these tests look at. */
export type StoredScan = { scanId: string; status: string; attempts: number; error: { code: string; retryable: boolean } | null };
const TERMINAL = new Set(["completed", "completed_limited", "failed", "expired"]);

/** A scan as the Redis scan store holds it (read directly: polling the API would spend the caller's read limits). */
export async function readStoredScan(client: AdminRedis, input: { prefix: string; scanId: string }): Promise<StoredScan | null> {
  const json = await client.hget(`${input.prefix}scan:r:${input.scanId}`, "record");
  return json === null ? null : (JSON.parse(json) as StoredScan);
}

/** Polls the stored scan until `done` says so; throws with the last state after `timeoutMs`. */
export async function waitForStoredScan(
  client: AdminRedis,
  input: { prefix: string; scanId: string; done?: (scan: StoredScan) => boolean; timeoutMs?: number },
): Promise<StoredScan> {
  const done = input.done ?? ((scan: StoredScan) => TERMINAL.has(scan.status));
  const until = Date.now() + (input.timeoutMs ?? 60_000);
  let last: StoredScan | null = null;
  while (Date.now() < until) {
    last = await readStoredScan(client, input);
    if (last !== null && done(last)) return last;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`scan ${input.scanId} did not reach the expected state; last: ${JSON.stringify(last)}`);
}

/** POST /api/v2/scans from the test's address. */
export async function createScanAt(origin: string, url: string): Promise<Response> {
  return fetch(`${origin}/api/v2/scans`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url }),
  });
}
