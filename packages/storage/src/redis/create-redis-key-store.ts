import { createHash } from "node:crypto";
import type { ApiKeyRecord, KeyStore } from "@public-scan/core";
import type { Redis, RedisOptions } from "ioredis";
import type { RedisScriptClient } from "./create-redis-counter-store.js";
import { REDIS_KEY_SCRIPTS } from "./redis-key-scripts.js";

export interface RedisKeyStoreOptions {
  /** An existing client; the store never quits it. */
  readonly client?: RedisScriptClient;
  /** Options or URL for a client the store creates (ioredis is loaded on first use) and quits on close(). */
  readonly connection?: RedisOptions | string;
  /**
   * Prefix of every key the store writes. Default `public-scan:key:`. On Redis Cluster use a hash tag,
   * e.g. `{public-scan}:key:`, so a record and its hash index are in one slot.
   */
  readonly keyPrefix?: string;
}

type ScriptName = keyof typeof REDIS_KEY_SCRIPTS;

const SHAS = Object.fromEntries(
  Object.entries(REDIS_KEY_SCRIPTS).map(([name, script]) => [name, createHash("sha1").update(script).digest("hex")]),
) as Record<ScriptName, string>;

/** A `[record, revoked_at]` reply: the record as created, with the revocation time the store keeps beside it. */
function parse(reply: unknown): ApiKeyRecord | null {
  const [record, revokedAt] = Array.isArray(reply) ? (reply as Array<string | null>) : [];
  if (typeof record !== "string") return null;
  return { ...(JSON.parse(record) as ApiKeyRecord), revokedAt: revokedAt ?? null };
}

/**
 * The KeyStore on Redis, for several instances of the service. DESIGN.md routes documents through keyv,
 * but `create` is a create-if-absent across two keys (the record and its hash index, written only if
 * neither the keyId nor the hash exists), which keyv's get/set cannot make atomic: two instances could
 * both see "absent" and map one token hash to two keys. So the store uses ioredis directly, the one Redis
 * client of this package (a host can pass the same connection to every Redis store). Each operation is one
 * Lua script (EVALSHA, falling back to EVAL when the server does not have it cached). Only the SHA-256 of a
 * token is stored, never the token; records are JSON, so every read is a fresh copy.
 */
export function createRedisKeyStore(options: RedisKeyStoreOptions = {}): KeyStore {
  const prefix = options.keyPrefix ?? "public-scan:key:";
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

  async function call(name: ScriptName, keys: string[], args: string[]): Promise<unknown> {
    if (closed) throw new Error("Redis key store is closed");
    const redis = await client();
    try {
      return await redis.evalsha(SHAS[name], keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
      return redis.eval(REDIS_KEY_SCRIPTS[name], keys.length, ...keys, ...args);
    }
  }

  const recordKey = (keyId: string) => `${prefix}r:${keyId}`;
  const hashKey = (hash: string) => `${prefix}h:${hash}`;

  return {
    create: async (record) =>
      (await call(
        "create",
        [recordKey(record.keyId), hashKey(record.hash)],
        [JSON.stringify(record), record.keyId, ...(record.revokedAt === null ? [] : [record.revokedAt])],
      )) === 1,
    findByHash: async (hash) => parse(await call("findByHash", [hashKey(hash)], [prefix])),
    get: async (keyId) => parse(await call("get", [recordKey(keyId)], [])),
    revoke: async (keyId, at) => (await call("revoke", [recordKey(keyId)], [at])) === 1,
    async close() {
      if (closed) return;
      closed = true;
      // A client that never came up (ioredis failed to load) has nothing to quit.
      const own = await owned?.catch(() => undefined);
      await own?.quit();
    },
  };
}
