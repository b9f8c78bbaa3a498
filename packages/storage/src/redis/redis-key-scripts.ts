/**
 * The Lua scripts of the Redis key store, one per operation; Redis runs one script at a time, so each
 * operation is atomic. Keys, under the store's prefix P:
 *
 *   P r:<keyId>  hash: record (the ApiKeyRecord as created, JSON), revoked_at (only once revoked)
 *   P h:<hash>   string: the keyId of the token with this SHA-256 hash (the token itself is never stored)
 *   P o:<owner>  sorted set, every score 0, members `<createdAt>\0<keyId>`: the keys of one account; byte
 *                order of the members is creation order then keyId, so ZREVRANGE lists the newest first
 *
 * The revocation time is a field of its own so that revoking never re-encodes the record in Lua: cjson
 * would turn an empty `scopes` array into an object. The store reads `revoked_at` over the JSON's
 * `revokedAt`. On Redis Cluster, put a hash tag in the prefix (`{public-scan}:key:`) so both keys of a
 * record are in one slot.
 */

/**
 * KEYS[1] r:<keyId>, KEYS[2] h:<hash>, KEYS[3] o:<owner> (absent for a key without owner); ARGV[1] record
 * JSON, ARGV[2] keyId, ARGV[3] the owner index member, ARGV[4] revokedAt (absent for null). Reply 1 or 0.
 */
const CREATE = `
if redis.call("EXISTS", KEYS[1]) == 1 or redis.call("EXISTS", KEYS[2]) == 1 then return 0 end
redis.call("HSET", KEYS[1], "record", ARGV[1])
if ARGV[4] then redis.call("HSET", KEYS[1], "revoked_at", ARGV[4]) end
redis.call("SET", KEYS[2], ARGV[2])
if KEYS[3] then redis.call("ZADD", KEYS[3], 0, ARGV[3]) end
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

/** KEYS[1] o:<owner>; ARGV[1] prefix. Reply: a list of GET replies, newest key first; empty for an unknown owner. */
const LIST_BY_OWNER = `
local records = {}
for i, member in ipairs(redis.call("ZREVRANGE", KEYS[1], 0, -1)) do
  local id = string.sub(member, string.find(member, "\\0", 1, true) + 1)
  records[i] = redis.call("HMGET", ARGV[1] .. "r:" .. id, "record", "revoked_at")
end
return records
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
  listByOwner: LIST_BY_OWNER,
  revoke: REVOKE,
} as const;
