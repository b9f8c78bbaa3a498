import type { ApiKeyRecord, KeyStore } from "@public-scan/core";
import { createRedisConnection, type RedisConnectionOptions } from "./create-redis-connection.js";
import { createScriptRunner, type RedisScriptClient } from "./create-script-runner.js";
import { REDIS_KEY_SCRIPTS } from "./redis-key-scripts.js";

export interface RedisKeyStoreOptions extends RedisConnectionOptions<RedisScriptClient> {
  /**
   * Prefix of every key the store writes. Default `public-scan:key:`. On Redis Cluster use a hash tag,
   * e.g. `{public-scan}:key:`, so a record and its hash index are in one slot.
   */
  readonly keyPrefix?: string;
}

/**
 * A `[record, revoked_at]` reply: the record as created, with the revocation time the store keeps beside it.
 * Records written before keys had owners have no ownerId: they had none.
 */
function parse(reply: unknown): ApiKeyRecord | null {
  const [record, revokedAt] = Array.isArray(reply) ? (reply as Array<string | null>) : [];
  if (typeof record !== "string") return null;
  const created = JSON.parse(record) as ApiKeyRecord;
  return { ...created, ownerId: created.ownerId ?? null, revokedAt: revokedAt ?? null };
}

/**
 * The KeyStore on Redis, for several instances of the service. ARCHITECTURE.md "Storage" routes documents through keyv,
 * but `create` is a create-if-absent across two keys (the record and its hash index, written only if
 * neither the keyId nor the hash exists), which keyv's get/set cannot make atomic: two instances could
 * both see "absent" and map one token hash to two keys. So the store uses ioredis directly, the one Redis
 * client of this package (a host can pass the same connection to every Redis store). Each operation is one
 * Lua script (EVALSHA, falling back to EVAL when the server does not have it cached). Only the SHA-256 of a
 * token is stored, never the token; records are JSON, so every read is a fresh copy.
 */
export function createRedisKeyStore(options: RedisKeyStoreOptions = {}): KeyStore {
  const prefix = options.keyPrefix ?? "public-scan:key:";
  const connection = createRedisConnection({ ...options, name: "Redis key store" });
  const call = createScriptRunner({ scripts: REDIS_KEY_SCRIPTS, client: () => connection.client() });

  const recordKey = (keyId: string) => `${prefix}r:${keyId}`;
  const hashKey = (hash: string) => `${prefix}h:${hash}`;
  const ownerKey = (ownerId: string) => `${prefix}o:${ownerId}`;

  return {
    create: async (record) => {
      // `?? null`: a JavaScript caller written before owners existed may leave ownerId out.
      const ownerId = record.ownerId ?? null;
      const keys = [recordKey(record.keyId), hashKey(record.hash), ...(ownerId === null ? [] : [ownerKey(ownerId)])];
      const member = `${record.createdAt}\u0000${record.keyId}`;
      const args = [JSON.stringify({ ...record, ownerId }), record.keyId, member, ...(record.revokedAt === null ? [] : [record.revokedAt])];
      return (await call("create", keys, args)) === 1;
    },
    findByHash: async (hash) => parse(await call("findByHash", [hashKey(hash)], [prefix])),
    get: async (keyId) => parse(await call("get", [recordKey(keyId)], [])),
    listByOwner: async (ownerId) => ((await call("listByOwner", [ownerKey(ownerId)], [prefix])) as unknown[]).map((reply) => parse(reply)!),
    revoke: async (keyId, at) => (await call("revoke", [recordKey(keyId)], [at])) === 1,
    close: () => connection.close(),
  };
}
