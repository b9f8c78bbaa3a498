import type { Redis, RedisOptions } from "ioredis";

/** How a service process talks to Redis unless the host says otherwise (see createRedisClient). */
export const SERVICE_REDIS_OPTIONS = {
  // A command waits for at most one reconnection before it fails: while Redis is down, a request answers
  // the retryable 500 envelope within seconds instead of hanging until Redis is back.
  maxRetriesPerRequest: 1,
  // ioredis reconnects for ever; the wait grows to 2 s, so a restarted Redis is found again within that.
  retryStrategy: (times: number) => Math.min(100 * times, 2000),
  connectTimeout: 5000,
} as const satisfies RedisOptions;

/**
 * One ioredis client for the stores of a service process, to pass as their `client` (a store never quits a
 * client it was given: the host does, after closing the stores). ioredis is imported here, lazily, so hosts
 * on SQLite never load it. `onError` hears connection errors, which ioredis otherwise prints itself.
 */
export async function createRedisClient(
  url: string,
  options: { readonly redis?: RedisOptions; readonly onError?: (error: Error) => void } = {},
): Promise<Redis> {
  const { Redis: RedisClient } = await import("ioredis");
  const client = new RedisClient(url, { ...SERVICE_REDIS_OPTIONS, ...options.redis });
  client.on("error", options.onError ?? (() => undefined));
  return client;
}
