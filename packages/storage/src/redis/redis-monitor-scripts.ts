/**
 * The Lua scripts of the Redis monitor store, one per operation; Redis runs one script at a time, so each
 * operation is atomic (the owner's cap, a tick's claim). Keys, under the store's prefix P:
 *
 *   P m:<monitorId>  string: the MonitorRecord, JSON
 *   P o:<owner>      sorted set, every score 0, members `<createdAt>\0<monitorId>`: one key's monitors in
 *                    creation order (byte order), so ZREVRANGE lists the newest first and ZCARD is the cap's count
 *   P active         set of the monitorIds whose status is `active`
 *   P r:<monitorId>  hash: runId -> MonitorRunRecord JSON
 *   P t:<monitorId>  sorted set, every score 0, members `<scheduledAt>\0<runId>`: the runs in tick order
 *
 * Records are never re-encoded in Lua (cjson would turn an empty array into an object); the delete script
 * only reads two fields of one. On Redis Cluster, put a hash tag in the prefix so every key is in one slot.
 */

/**
 * KEYS[1] m:<id>, KEYS[2] o:<owner>, KEYS[3] active; ARGV[1] record JSON, ARGV[2] owner member, ARGV[3]
 * maxPerOwner, ARGV[4] "1" when active, ARGV[5] monitorId. Reply 1 created, 0 cap reached, -1 id taken.
 */
const CREATE = `
if redis.call("EXISTS", KEYS[1]) == 1 then return -1 end
if redis.call("ZCARD", KEYS[2]) >= tonumber(ARGV[3]) then return 0 end
redis.call("SET", KEYS[1], ARGV[1])
redis.call("ZADD", KEYS[2], 0, ARGV[2])
if ARGV[4] == "1" then redis.call("SADD", KEYS[3], ARGV[5]) end
return 1
`;

/** KEYS[1] m:<id>. Reply: the record JSON or nil. */
const GET = `return redis.call("GET", KEYS[1])`;

/** KEYS[1] o:<owner>; ARGV[1] prefix. Reply: the records, newest first. */
const LIST_BY_OWNER = `
local records = {}
for i, member in ipairs(redis.call("ZREVRANGE", KEYS[1], 0, -1)) do
  local id = string.sub(member, string.find(member, "\\0", 1, true) + 1)
  records[i] = redis.call("GET", ARGV[1] .. "m:" .. id)
end
return records
`;

/** KEYS[1] active; ARGV[1] prefix. Reply: the active records (in no order). */
const LIST_ACTIVE = `
local records = {}
for i, id in ipairs(redis.call("SMEMBERS", KEYS[1])) do
  records[i] = redis.call("GET", ARGV[1] .. "m:" .. id)
end
return records
`;

/** KEYS[1] m:<id>, KEYS[2] active; ARGV[1] record JSON, ARGV[2] "1" when active, ARGV[3] monitorId. Reply 1 or 0. */
const UPDATE = `
if redis.call("EXISTS", KEYS[1]) == 0 then return 0 end
redis.call("SET", KEYS[1], ARGV[1])
if ARGV[2] == "1" then redis.call("SADD", KEYS[2], ARGV[3]) else redis.call("SREM", KEYS[2], ARGV[3]) end
return 1
`;

/** KEYS[1] m:<id>, KEYS[2] active, KEYS[3] r:<id>, KEYS[4] t:<id>; ARGV[1] prefix, ARGV[2] monitorId. Reply 1 or 0. */
const DELETE = `
local json = redis.call("GET", KEYS[1])
if not json then return 0 end
local record = cjson.decode(json)
redis.call("ZREM", ARGV[1] .. "o:" .. record.ownerKeyId, record.createdAt .. "\\0" .. ARGV[2])
redis.call("SREM", KEYS[2], ARGV[2])
redis.call("DEL", KEYS[1], KEYS[3], KEYS[4])
return 1
`;

/**
 * KEYS[1] m:<id>, KEYS[2] r:<id>, KEYS[3] t:<id>; ARGV[1] runId, ARGV[2] run JSON, ARGV[3] tick member,
 * ARGV[4] runs kept. Reply {1 claimed now or 0, the stored run JSON or nil}.
 */
const CLAIM_RUN = `
if redis.call("EXISTS", KEYS[1]) == 0 then return {0, false} end
local existing = redis.call("HGET", KEYS[2], ARGV[1])
if existing then return {0, existing} end
redis.call("HSET", KEYS[2], ARGV[1], ARGV[2])
redis.call("ZADD", KEYS[3], 0, ARGV[3])
local extra = redis.call("ZCARD", KEYS[3]) - tonumber(ARGV[4])
if extra > 0 then
  for _, member in ipairs(redis.call("ZRANGE", KEYS[3], 0, extra - 1)) do
    redis.call("ZREM", KEYS[3], member)
    redis.call("HDEL", KEYS[2], string.sub(member, string.find(member, "\\0", 1, true) + 1))
  end
end
local stored = redis.call("HGET", KEYS[2], ARGV[1])
if stored then return {1, stored} end
return {0, false}
`;

/** KEYS[1] r:<id>; ARGV[1] runId, ARGV[2] run JSON. Reply 1, or 0 when the run is gone. */
const SAVE_RUN = `
if redis.call("HEXISTS", KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call("HSET", KEYS[1], ARGV[1], ARGV[2])
return 1
`;

/** KEYS[1] r:<id>, KEYS[2] t:<id>; ARGV[1] limit. Reply: the runs' JSON, newest tick first. */
const LIST_RUNS = `
local runs = {}
local limit = tonumber(ARGV[1])
if limit <= 0 then return runs end
for i, member in ipairs(redis.call("ZREVRANGE", KEYS[2], 0, limit - 1)) do
  runs[i] = redis.call("HGET", KEYS[1], string.sub(member, string.find(member, "\\0", 1, true) + 1))
end
return runs
`;

export const REDIS_MONITOR_SCRIPTS = {
  create: CREATE,
  get: GET,
  listByOwner: LIST_BY_OWNER,
  listActive: LIST_ACTIVE,
  update: UPDATE,
  delete: DELETE,
  claimRun: CLAIM_RUN,
  saveRun: SAVE_RUN,
  listRuns: LIST_RUNS,
} as const;
