/**
 * The Lua scripts of the Redis account store, one per operation (verification and disablement share the
 * one-time field write); Redis runs one script at a time, so each operation is atomic. Keys, under the
 * store's prefix P:
 *
 *   P r:<accountId>  hash: record (the AccountRecord as created, JSON), created_at, password_hash,
 *                    email_verified_at and disabled_at (each only once set), scopes (a JSON array the
 *                    store encodes, only once an operator set them; the record's until then)
 *   P e:<email>      string: the accountId of the normalized email
 *   P order          sorted set, every score 0, members `<createdAt>\0<accountId>`: byte order of the
 *                    members is creation order then id (NUL sorts before any character a time holds), so
 *                    ZRANGEBYLEX pages exactly as SQL's ORDER BY created_at, account_id
 *
 * The fields that change are kept beside the JSON so that no script re-encodes the record: cjson would turn
 * an empty `scopes` array into an object. The store reads the fields over the JSON's values. On Redis
 * Cluster, put a hash tag in the prefix (`{public-scan}:account:`) so every key of the store is in one slot.
 */

/**
 * KEYS[1] r:<accountId>, KEYS[2] e:<email>, KEYS[3] order; ARGV[1] accountId, ARGV[2] order member, ARGV[3..]
 * the record hash's field/value pairs. Reply 1, or 0 when the id or the email is taken.
 */
const CREATE = `
if redis.call("EXISTS", KEYS[1]) == 1 or redis.call("EXISTS", KEYS[2]) == 1 then return 0 end
redis.call("HSET", KEYS[1], unpack(ARGV, 3))
redis.call("SET", KEYS[2], ARGV[1])
redis.call("ZADD", KEYS[3], 0, ARGV[2])
return 1
`;

const FIELDS = `"record", "password_hash", "email_verified_at", "disabled_at", "scopes"`;

/** KEYS[1] r:<accountId>. Reply: {record JSON or nil, password_hash, email_verified_at, disabled_at, scopes}. */
const GET = `return redis.call("HMGET", KEYS[1], ${FIELDS})`;

/** KEYS[1] e:<email>; ARGV[1] prefix. Reply: as GET, or nil when no account has this email. */
const FIND_BY_EMAIL = `
local id = redis.call("GET", KEYS[1])
if not id then return false end
return redis.call("HMGET", ARGV[1] .. "r:" .. id, ${FIELDS})
`;

/** KEYS[1] r:<accountId>; ARGV[1] field (email_verified_at or disabled_at), ARGV[2] time. Reply 1 when set now, 0 when missing or already set. */
const SET_ONCE = `
if redis.call("HEXISTS", KEYS[1], "record") == 0 or redis.call("HEXISTS", KEYS[1], ARGV[1]) == 1 then return 0 end
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
return 1
`;

/** KEYS[1] r:<accountId>; ARGV[1] password hash. Reply 1, or 0 when the account does not exist (never an upsert). */
const SET_PASSWORD_HASH = `
if redis.call("HEXISTS", KEYS[1], "record") == 0 then return 0 end
redis.call("HSET", KEYS[1], "password_hash", ARGV[1])
return 1
`;

/**
 * KEYS[1] r:<accountId>; ARGV[1] the scopes as a JSON array, encoded by the store: the script stores the
 * text as it is and never decodes it. Reply 1, or 0 when the account does not exist (never an upsert).
 */
const SET_SCOPES = `
if redis.call("HEXISTS", KEYS[1], "record") == 0 then return 0 end
redis.call("HSET", KEYS[1], "scopes", ARGV[1])
return 1
`;

/**
 * KEYS[1] order; ARGV[1] prefix, ARGV[2] limit, ARGV[3] the cursor's accountId (absent for the first page).
 * Reply: a list of GET replies. An unknown cursor, or a limit of 0 or less, is an empty page.
 */
const LIST = `
local limit = tonumber(ARGV[2])
if limit <= 0 then return {} end
local from = "-"
if ARGV[3] then
  local created = redis.call("HGET", ARGV[1] .. "r:" .. ARGV[3], "created_at")
  if not created then return {} end
  from = "(" .. created .. "\\0" .. ARGV[3]
end
local page = {}
for i, member in ipairs(redis.call("ZRANGEBYLEX", KEYS[1], from, "+", "LIMIT", 0, limit)) do
  local id = string.sub(member, string.find(member, "\\0", 1, true) + 1)
  page[i] = redis.call("HMGET", ARGV[1] .. "r:" .. id, ${FIELDS})
end
return page
`;

export const REDIS_ACCOUNT_SCRIPTS = {
  create: CREATE,
  get: GET,
  findByEmail: FIND_BY_EMAIL,
  setOnce: SET_ONCE,
  setPasswordHash: SET_PASSWORD_HASH,
  setScopes: SET_SCOPES,
  list: LIST,
} as const;
