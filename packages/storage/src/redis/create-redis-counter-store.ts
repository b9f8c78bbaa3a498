import { assertConsumeInput, toCounterExpiry, type ConsumeResult, type CounterStore } from "@public-scan/core";
import { createRedisConnection, type RedisConnectionOptions } from "./create-redis-connection.js";
import { createScriptRunner, type RedisScriptClient } from "./create-script-runner.js";
import { REDIS_CONSUME_SCRIPT } from "./redis-consume-script.js";

export type { RedisScriptClient } from "./create-script-runner.js";

export interface RedisCounterStoreOptions extends RedisConnectionOptions<RedisScriptClient> {
  /**
   * Prefix of every key the store writes. Default `public-scan:counter:`. On Redis Cluster, all counters of
   * one request must hash to one slot: use a hash tag, e.g. `{public-scan}:counter:`.
   */
  readonly keyPrefix?: string;
  /** Added to the TTL of each counter beyond its last expiry, to absorb clock skew. Default 60 s. */
  readonly ttlGraceMs?: number;
}

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
 * cached yet, after a restart or SCRIPT FLUSH). Every counter is one hash of bucketed entries (field: expiry,
 * value: units; see `REDIS_CONSUME_SCRIPT`), and expires by TTL when idle.
 */
export function createRedisCounterStore(options: RedisCounterStoreOptions = {}): CounterStore {
  const prefix = options.keyPrefix ?? "public-scan:counter:";
  const grace = Math.trunc(options.ttlGraceMs ?? 60_000);
  if (!(grace >= 1)) throw new RangeError("ttlGraceMs must be at least 1 ms");
  const connection = createRedisConnection({ ...options, name: "Redis counter store" });
  const call = createScriptRunner({ scripts: { consume: REDIS_CONSUME_SCRIPT }, client: () => connection.client() });

  return {
    capabilities: { sharedAcrossProcesses: true },
    async consume(input) {
      assertConsumeInput(input);
      const { checks, now } = input;
      const keys = checks.map((check) => `${prefix}b:${check.key}`);
      const args = [
        now,
        grace,
        ...checks.flatMap((check) => [check.limit, check.units, toCounterExpiry({ window: check.window, at: now })]),
      ];
      return toResult(await call("consume", keys, args));
    },
    close: () => connection.close(),
  };
}
