/**
 * The Lua scripts of the Redis key store, one per operation; Redis runs one script at a time, so each
 * operation is atomic. Keys, under the store's prefix P:
 *
 *   P r:<keyId>  hash: record (the ApiKeyRecord as created, JSON), revoked_at (only once revoked)
 *   P h:<hash>   string: the keyId of the token with this SHA-256 hash (the token itself is never stored)
 *
 * The revocation time is a field of its own so that revoking never re-encodes the record in Lua: cjson
 * would turn an empty `scopes` array into an object. The store reads `revoked_at` over the JSON's
 * `revokedAt`. On Redis Cluster, put a hash tag in the prefix (`{public-scan}:key:`) so both keys of a
 * record are in one slot.
 */

/** KEYS[1] r:<keyId>, KEYS[2] h:<hash>; ARGV[1] record JSON, ARGV[2] keyId, ARGV[3] revokedAt (absent for null). Reply 1 or 0. */
const CREATE = `
if redis.call("EXISTS", KEYS[1]) == 1 or redis.call("EXISTS", KEYS[2]) == 1 then return 0 end
redis.call("HSET", KEYS[1], "record", ARGV[1])
if ARGV[3] then redis.call("HSET", KEYS[1], "revoked_at", ARGV[3]) end
redis.call("SET", KEYS[2], ARGV[2])
return 1
`;

/** KEYS[1] r:<keyId>. Reply: {record JSON or nil, revoked_at or nil}. */
const GET = `return redis.call("HMGET", KEYS[1], "record", "revoked_at")`;

/** KEYS[1] h:<hash>; ARGV[1] prefix. Reply: as GET, or nil when no key has this hash. */
const FIND_BY_HASH = `
local id = redis.call("GET", KEYS[1])
if not id then return false end
return redis.call("HMGET", ARGV[1] .. "r:" .. id, "record", "revoked_at")
`;

/** KEYS[1] r:<keyId>; ARGV[1] revokedAt. Reply 1 when revoked now, 0 when missing or already revoked. */
const REVOKE = `
if redis.call("HEXISTS", KEYS[1], "record") == 0 or redis.call("HEXISTS", KEYS[1], "revoked_at") == 1 then return 0 end
redis.call("HSET", KEYS[1], "revoked_at", ARGV[1])
return 1
`;

export const REDIS_KEY_SCRIPTS = {
  create: CREATE,
  get: GET,
  findByHash: FIND_BY_HASH,
  revoke: REVOKE,
} as const;
