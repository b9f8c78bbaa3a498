import type { KeyvStorageEntry } from "keyv";
import type { Redis } from "ioredis";
import { assertStringValue } from "../keyv/assert-string-value.js";
import { createKeyvAdapter, type KeyvAdapter, type KeyvStoreOperations } from "../keyv/create-keyv-adapter.js";
import { isPastExpiry, toStoreExpires } from "../keyv/to-store-expires.js";
import { createRedisConnection, type RedisConnectionOptions } from "./create-redis-connection.js";
import { toRedisGlobLiteral } from "./to-redis-glob-literal.js";

/** The commands the keyv store sends, so an existing `Redis` (or a compatible client) can be passed in. */
export type RedisKeyvClient = Pick<Redis, "get" | "mget" | "set" | "exists" | "unlink" | "scan" | "multi">;

export interface RedisKeyvStoreOptions extends RedisConnectionOptions<RedisKeyvClient> {
  /**
   * Prefix of every key the store writes. Default `public-scan:keyv:`, apart from the keys of the other
   * stores. The client must not add an ioredis `keyPrefix` of its own: SCAN answers with full key names.
   */
  readonly keyPrefix?: string;
  /** The keyv namespace; a Keyv constructed with a namespace sets its own. Default none. */
  readonly namespace?: string;
}

export type RedisKeyvStore = KeyvAdapter<KeyvStoreOperations>;

/** Keys a SCAN step asks for (a hint to Redis) and so, at most about, a clear deletes per UNLINK. */
const SCAN_COUNT = 500;

/** The replies of a MULTI, in order; an aborted transaction or a failed command rejects. */
async function execAll(multi: ReturnType<RedisKeyvClient["multi"]>): Promise<unknown[]> {
  const replies = await multi.exec();
  if (replies === null) throw new Error("Redis transaction aborted");
  return replies.map(([error, reply]) => {
    if (error) throw error;
    return reply;
  });
}

/**
 * A keyv 6 storage adapter on Redis (ioredis, the one Redis client of this package), for several instances
 * of the service. An entry is one string key, `<keyPrefix><namespace>:<key>`, whose expiry is Redis's own
 * (`SET ... PXAT`, the absolute time keyv computed), so Redis deletes it and never returns it late; a plain
 * SET clears an earlier expiry. The namespace is URI-encoded, so it never contains the `:` after it and
 * namespace `a` with key `b:c` stays apart from namespace `a:b` with key `c`; no namespace is the empty one.
 *
 * Batches are one MULTI (all of a setMany lands at once); getMany is one MGET. clear() walks its namespace
 * with SCAN (never KEYS, never FLUSHDB) under an escaped MATCH pattern and UNLINKs what it finds; SCAN sees
 * one node, so on a Redis Cluster a clear reaches only the keys on the node the client asks.
 */
export function createRedisKeyvStore(options: RedisKeyvStoreOptions = {}): RedisKeyvStore {
  const prefix = options.keyPrefix ?? "public-scan:keyv:";
  const connection = createRedisConnection({ ...options, name: "Redis keyv store" });

  return createKeyvAdapter({
    namespace: options.namespace,
    operations: (namespace) => {
      const scope = () => `${prefix}${encodeURIComponent(namespace())}:`;
      const keyOf = (key: string) => `${scope()}${key}`;
      /** Queues one entry's write: SET (PXAT when it expires), or UNLINK when its time has already passed. */
      const queueWrite = (multi: ReturnType<RedisKeyvClient["multi"]>, entry: KeyvStorageEntry<unknown>, now: number) => {
        assertStringValue(entry.value);
        const expires = toStoreExpires(entry.expires);
        if (expires === undefined) multi.set(keyOf(entry.key), entry.value);
        else if (isPastExpiry(expires, now)) multi.unlink(keyOf(entry.key));
        else multi.set(keyOf(entry.key), entry.value, "PXAT", expires);
      };

      return {
        async get(key: string) {
          const redis = await connection.client();
          return (await redis.get(keyOf(key))) ?? undefined;
        },
        async getMany(keys: string[]) {
          if (keys.length === 0) return [];
          const redis = await connection.client();
          return (await redis.mget(keys.map(keyOf))).map((value) => value ?? undefined);
        },
        async has(key: string) {
          const redis = await connection.client();
          return (await redis.exists(keyOf(key))) === 1;
        },
        async hasMany(keys: string[]) {
          if (keys.length === 0) return [];
          const redis = await connection.client();
          // EXISTS of several keys answers one count; one EXISTS per key in a MULTI answers each.
          const multi = redis.multi();
          for (const key of keys) multi.exists(keyOf(key));
          return (await execAll(multi)).map((reply) => reply === 1);
        },
        async set(key: string, value: unknown, expires?: number) {
          const redis = await connection.client();
          // The same path as setMany: a MULTI of one command costs the one round trip a SET would.
          const multi = redis.multi();
          queueWrite(multi, { key, value, ...(expires === undefined ? {} : { expires }) }, Date.now());
          await execAll(multi);
          return true;
        },
        async setMany(entries: KeyvStorageEntry<unknown>[]) {
          if (entries.length === 0) return [];
          const redis = await connection.client();
          const multi = redis.multi();
          const now = Date.now();
          for (const entry of entries) queueWrite(multi, entry, now);
          await execAll(multi);
          return entries.map(() => true);
        },
        async delete(key: string) {
          const redis = await connection.client();
          return (await redis.unlink(keyOf(key))) === 1;
        },
        async deleteMany(keys: string[]) {
          if (keys.length === 0) return [];
          const redis = await connection.client();
          const multi = redis.multi();
          for (const key of keys) multi.unlink(keyOf(key));
          return (await execAll(multi)).map((reply) => reply === 1);
        },
        async clear() {
          const redis = await connection.client();
          const match = `${toRedisGlobLiteral(scope())}*`;
          let cursor = "0";
          do {
            const [next, keys] = await redis.scan(cursor, "MATCH", match, "COUNT", SCAN_COUNT);
            cursor = next;
            if (keys.length > 0) await redis.unlink(...keys);
          } while (cursor !== "0");
        },
        disconnect: () => connection.close(),
      };
    },
  });
}
