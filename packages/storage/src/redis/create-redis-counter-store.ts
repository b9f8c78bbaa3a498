import { createHash } from "node:crypto";
import { assertConsumeInput, toCounterExpiry, type ConsumeResult, type CounterStore } from "@public-scan/core";
import type { Redis, RedisOptions } from "ioredis";
import { REDIS_CONSUME_SCRIPT } from "./redis-consume-script.js";

/** The two commands the store needs, so an existing `Redis` (or a compatible client) can be passed in. */
export type RedisScriptClient = Pick<Redis, "evalsha" | "eval">;

export interface RedisCounterStoreOptions {
  /** An existing client; the store never quits it. */
  readonly client?: RedisScriptClient;
  /** Options or URL for a client the store creates (ioredis is loaded on first use) and quits on close(). */
  readonly connection?: RedisOptions | string;
  /**
   * Prefix of every key the store writes. Default `public-scan:counter:`. On Redis Cluster, all counters of
   * one request must hash to one slot: use a hash tag, e.g. `{public-scan}:counter:`.
   */
  readonly keyPrefix?: string;
  /** Added to the TTL of each counter beyond its last expiry, to absorb clock skew. Default 60 s. */
  readonly ttlGraceMs?: number;
}

const SCRIPT_SHA = createHash("sha1").update(REDIS_CONSUME_SCRIPT).digest("hex");

function toResult(reply: unknown): ConsumeResult {
  const values = (reply as unknown[]).map(Number);
  if (values[0] === 1) return { allowed: true, usage: values.slice(1) };
  const retryAfterMs = values[3]!;
  return {
    allowed: false,
    failed: values[1]!,
    usage: values[2]!,
    retryAfterMs: retryAfterMs < 0 ? Number.POSITIVE_INFINITY : retryAfterMs,
  };
}

/**
 * The CounterStore on Redis, for several instances of the service: one Lua script checks and consumes all
 * counters of a request atomically (EVALSHA, falling back to EVAL when the server does not have the script
 * cached yet, after a restart or SCRIPT FLUSH). Every counter is an exact sliding log in a sorted set plus a
 * running total, and expires by TTL when idle.
 */
export function createRedisCounterStore(options: RedisCounterStoreOptions = {}): CounterStore {
  const prefix = options.keyPrefix ?? "public-scan:counter:";
  const grace = Math.trunc(options.ttlGraceMs ?? 60_000);
  if (!(grace >= 1)) throw new RangeError("ttlGraceMs must be at least 1 ms");
  let owned: Promise<Redis> | undefined;
  let closed = false;

  function client(): Promise<RedisScriptClient> {
    if (options.client !== undefined) return Promise.resolve(options.client);
    // Loaded lazily, so importing the storage entry does not load ioredis for SQLite-only hosts.
    owned ??= import("ioredis").then(({ Redis: RedisClient }) => {
      const { connection } = options;
      return typeof connection === "string" ? new RedisClient(connection) : new RedisClient(connection ?? {});
    });
    return owned;
  }

  return {
    capabilities: { sharedAcrossProcesses: true },
    async consume(input) {
      assertConsumeInput(input);
      if (closed) throw new Error("Redis counter store is closed");
      const { checks, now } = input;
      const keys = checks.flatMap((check) => [`${prefix}e:${check.key}`, `${prefix}m:${check.key}`]);
      const args = [
        now,
        grace,
        ...checks.flatMap((check) => [check.limit, check.units, toCounterExpiry({ window: check.window, at: now })]),
      ];
      const redis = await client();
      try {
        return toResult(await redis.evalsha(SCRIPT_SHA, keys.length, ...keys, ...args));
      } catch (error) {
        if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
        return toResult(await redis.eval(REDIS_CONSUME_SCRIPT, keys.length, ...keys, ...args));
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      // A client that never came up (ioredis failed to load) has nothing to quit.
      const own = await owned?.catch(() => undefined);
      await own?.quit();
    },
  };
}
