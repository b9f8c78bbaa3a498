/**
 * The Lua scripts of the Redis scan store, one per operation; Redis runs one script at a time, so each
 * operation (a write with every index it touches, or a read of an index and the record it points to) is
 * atomic. Keys, under the store's prefix P:
 *
 *   P r:<scanId>                       hash: record (JSON), status, target, domain, scan_from ("" for null)
 *   P active:<targetKey>               string: the scanId of the target's active scan (the first one started)
 *   P active                           set: every active scanId, for listActive
 *   P done:<targetKey>                 sorted set: completed scanIds with evidence of the target, score = completedAt (ms)
 *   P domain:<domain>                  sorted set: completed scanIds with evidence of the domain, same score
 *   P domain-from:<scanFrom>|<domain>  sorted set: the same per region
 *   P ended                            sorted set: every ended (terminal) scanId, score = completedAt (ms), for retention
 *   P schema-version                   string: the version of this layout (REDIS_SCAN_SCHEMA_VERSION), see createRedisScanStore
 *
 * Writes get the record key in KEYS[1] and derive the index keys from P (ARGV[1]): the indexes a record
 * leaves depend on what is stored, which the caller cannot know. On Redis Cluster, put a hash tag in the
 * prefix (`{public-scan}:scan:`) so every key of the store is in one slot.
 */
const INDEXING = `
local ACTIVE = { queued = true, pending = true, running = true, finalizing = true }
local COMPLETED = { completed = true, completed_limited = true }
local TERMINAL = { completed = true, completed_limited = true, failed = true, expired = true }

local function unindex(p, id, target, domain, scan_from)
  redis.call("ZREM", p .. "done:" .. target, id)
  redis.call("ZREM", p .. "domain:" .. domain, id)
  if scan_from ~= "" then redis.call("ZREM", p .. "domain-from:" .. scan_from .. "|" .. domain, id) end
  local active_key = p .. "active:" .. target
  if redis.call("GET", active_key) == id then redis.call("DEL", active_key) end
  redis.call("SREM", p .. "active", id)
  redis.call("ZREM", p .. "ended", id)
end

-- evidence: "1" for a completed scan with evidence (core's hasEvidence). Only those are indexed as done:
-- a no-go result is never reused and never a domain's latest scan.
local function index(p, id, target, domain, scan_from, status, score, evidence)
  if ACTIVE[status] then
    -- NX: with two active scans of one target, the first one stays the target's active scan.
    redis.call("SET", p .. "active:" .. target, id, "NX")
    redis.call("SADD", p .. "active", id)
  elseif COMPLETED[status] and evidence == "1" then
    redis.call("ZADD", p .. "done:" .. target, score, id)
    redis.call("ZADD", p .. "domain:" .. domain, score, id)
    if scan_from ~= "" then redis.call("ZADD", p .. "domain-from:" .. scan_from .. "|" .. domain, score, id) end
  end
  -- Every terminal move sets completedAt; a record without one is never purged (as in the SQLite store).
  if TERMINAL[status] and score ~= "-inf" then redis.call("ZADD", p .. "ended", score, id) end
end

-- When the target's active scan ended, another active scan of the same target (rare: a join race) takes over.
local function repair_active(p, target)
  local active_key = p .. "active:" .. target
  if redis.call("EXISTS", active_key) == 1 then return end
  for _, other in ipairs(redis.call("SMEMBERS", p .. "active")) do
    if redis.call("HGET", p .. "r:" .. other, "target") == target then
      redis.call("SET", active_key, other)
      return
    end
  end
end
`;

/** ARGV: prefix, scanId, record JSON, status, target, domain, scanFrom ("" for null), score, evidence ("1"/"0"). Reply 1 or 0. */
const CREATE = `${INDEXING}
if redis.call("EXISTS", KEYS[1]) == 1 then return 0 end
local p, id = ARGV[1], ARGV[2]
redis.call("HSET", KEYS[1], "record", ARGV[3], "status", ARGV[4], "target", ARGV[5], "domain", ARGV[6], "scan_from", ARGV[7])
index(p, id, ARGV[5], ARGV[6], ARGV[7], ARGV[4], ARGV[8], ARGV[9])
return 1
`;

/**
 * ARGV: as CREATE. Writes like CREATE unless the record exists or the target has an active scan. Reply {1}
 * when created, else {0, the stored or active record's JSON}. An index entry whose record is gone or no
 * longer active (never left by these scripts, but possible after a manual edit) does not block the target.
 */
const CREATE_IF_NO_ACTIVE = `${INDEXING}
local existing = redis.call("HGET", KEYS[1], "record")
if existing then return { 0, existing } end
local p, id = ARGV[1], ARGV[2]
local active_id = redis.call("GET", p .. "active:" .. ARGV[5])
if active_id then
  local active = redis.call("HMGET", p .. "r:" .. active_id, "record", "status")
  if active[1] and ACTIVE[active[2]] then return { 0, active[1] } end
  redis.call("DEL", p .. "active:" .. ARGV[5])
end
redis.call("HSET", KEYS[1], "record", ARGV[3], "status", ARGV[4], "target", ARGV[5], "domain", ARGV[6], "scan_from", ARGV[7])
index(p, id, ARGV[5], ARGV[6], ARGV[7], ARGV[4], ARGV[8], ARGV[9])
return { 1 }
`;

/** KEYS[1] the record hash; ARGV[1] prefix, ARGV[2] scanId. Deletes the record and its index entries iff it is pending. Reply 1 or 0. */
const DISCARD_PENDING = `${INDEXING}
local stored = redis.call("HMGET", KEYS[1], "status", "target", "domain", "scan_from")
if stored[1] ~= "pending" then return 0 end
unindex(ARGV[1], ARGV[2], stored[2], stored[3], stored[4])
redis.call("DEL", KEYS[1])
repair_active(ARGV[1], stored[2])
return 1
`;

/** ARGV: as CREATE, then the expected status. Reply 1 when replaced, 0 when the status moved on or the record is missing. */
const UPDATE = `${INDEXING}
local stored = redis.call("HMGET", KEYS[1], "status", "target", "domain", "scan_from")
if stored[1] == false or stored[1] ~= ARGV[10] then return 0 end
-- A terminal record never changes again (the port's rule), whatever status the caller expected.
if TERMINAL[stored[1]] then return 0 end
local p, id = ARGV[1], ARGV[2]
unindex(p, id, stored[2], stored[3], stored[4])
redis.call("HSET", KEYS[1], "record", ARGV[3], "status", ARGV[4], "target", ARGV[5], "domain", ARGV[6], "scan_from", ARGV[7])
index(p, id, ARGV[5], ARGV[6], ARGV[7], ARGV[4], ARGV[8], ARGV[9])
repair_active(p, stored[2])
return 1
`;

/** KEYS[1] the record hash. Reply: the record JSON or nil. */
const GET = `return redis.call("HGET", KEYS[1], "record")`;

/** KEYS[1] active:<target>; ARGV[1] prefix. Reply: the record JSON or nil. */
const FIND_ACTIVE = `
local id = redis.call("GET", KEYS[1])
if not id then return false end
return redis.call("HGET", ARGV[1] .. "r:" .. id, "record")
`;

/** KEYS[1] a completed sorted set; ARGV[1] prefix, ARGV[2] lowest score ("-inf" for any). Reply: the latest record JSON or nil. */
const LATEST_COMPLETED = `
local ids = redis.call("ZREVRANGEBYSCORE", KEYS[1], "+inf", ARGV[2], "LIMIT", 0, 1)
if #ids == 0 then return false end
return redis.call("HGET", ARGV[1] .. "r:" .. ids[1], "record")
`;

/**
 * KEYS[1] P ended; ARGV[1] prefix, ARGV[2] limit, ARGV[3] how many ended scans to look at, at most. Walks the
 * ended scans newest end first and keeps those with evidence (the ones in their target's P done:<target>),
 * until `limit` are found or the walk's bound is reached: failures and no-go results are skipped, never
 * listed. Reply: the records' JSON, newest first.
 */
const LIST_RECENT_WITH_EVIDENCE = `
local p = ARGV[1]
local limit = tonumber(ARGV[2])
local records = {}
if limit < 1 then return records end
for _, id in ipairs(redis.call("ZREVRANGE", KEYS[1], 0, tonumber(ARGV[3]) - 1)) do
  local fields = redis.call("HMGET", p .. "r:" .. id, "target", "record")
  if fields[2] and redis.call("ZSCORE", p .. "done:" .. fields[1], id) then
    records[#records + 1] = fields[2]
    if #records >= limit then break end
  end
end
return records
`;

/** KEYS[1] the active set; ARGV[1] prefix. Reply: the records' JSON. */
const LIST_ACTIVE = `
local records = {}
for _, id in ipairs(redis.call("SMEMBERS", KEYS[1])) do
  local record = redis.call("HGET", ARGV[1] .. "r:" .. id, "record")
  if record then records[#records + 1] = record end
end
return records
`;

/**
 * KEYS[1] P ended; ARGV[1] prefix, ARGV[2] the exclusive upper bound of the end ("(<ms>"), ARGV[3] limit.
 * Deletes up to `limit` ended scans, oldest end first, each with every index entry (the same `unindex` as an
 * update), so no index names a deleted scan. An entry whose record is gone or not terminal (a manual edit)
 * is dropped from the set and not counted. Reply: how many records were deleted.
 */
const PURGE_ENDED = `${INDEXING}
local p = ARGV[1]
local deleted = 0
for _, id in ipairs(redis.call("ZRANGEBYSCORE", KEYS[1], "-inf", ARGV[2], "LIMIT", 0, tonumber(ARGV[3]))) do
  local stored = redis.call("HMGET", p .. "r:" .. id, "status", "target", "domain", "scan_from")
  if stored[1] and TERMINAL[stored[1]] then
    unindex(p, id, stored[2], stored[3], stored[4])
    redis.call("DEL", p .. "r:" .. id)
    deleted = deleted + 1
  else
    redis.call("ZREM", KEYS[1], id)
  end
end
return deleted
`;

/** KEYS[1] P ended; ARGV[1] the exclusive upper bound of the end ("(<ms>"). Reply: how many ended scans ended before it. */
const COUNT_ENDED = `return redis.call("ZCOUNT", KEYS[1], "-inf", ARGV[1])`;

/**
 * KEYS[1] P schema-version; ARGV[1] the version this code writes. Reply: the stored version (0 when none),
 * and sets it to ARGV[1] when ARGV[2] is "set" and the stored one is lower (never lowers it).
 */
const SCHEMA_VERSION = `
local stored = tonumber(redis.call("GET", KEYS[1]) or "0")
if ARGV[2] == "set" and stored < tonumber(ARGV[1]) then redis.call("SET", KEYS[1], ARGV[1]) end
return stored
`;

/**
 * Version 1 of the layout added P ended; its backfill, for records written before, goes a SCAN page at a
 * time, so a large deployment is never blocked by one long script. KEYS[1] P ended (unread: it routes the
 * script to the store's slot on a cluster); ARGV[1] a SCAN cursor, ARGV[2] the MATCH pattern of the records (P r:*). Reply: { next cursor ("0" when done), then scanId, completedAt of each
 * terminal record of the page that has one }. Lua has no date parser: the caller turns the times into scores.
 */
const SCAN_ENDED = `
local terminal = { completed = true, completed_limited = true, failed = true, expired = true }
local page = redis.call("SCAN", ARGV[1], "MATCH", ARGV[2], "COUNT", 500)
local reply = { page[1] }
for _, key in ipairs(page[2]) do
  local stored = redis.call("HMGET", key, "status", "record")
  if stored[1] and terminal[stored[1]] then
    local record = cjson.decode(stored[2])
    if type(record.completedAt) == "string" then
      reply[#reply + 1] = record.scanId
      reply[#reply + 1] = record.completedAt
    end
  end
end
return reply
`;

/**
 * KEYS[1] P ended; ARGV[1] prefix, then pairs of score, scanId. Adds each to P ended if its record is still terminal (ZADD of
 * the same score: idempotent, so processes that backfill at once agree). Reply: how many were added.
 */
const INDEX_ENDED = `
local terminal = { completed = true, completed_limited = true, failed = true, expired = true }
local p, added = ARGV[1], 0
for i = 2, #ARGV, 2 do
  local status = redis.call("HGET", p .. "r:" .. ARGV[i + 1], "status")
  if status and terminal[status] then added = added + redis.call("ZADD", KEYS[1], ARGV[i], ARGV[i + 1]) end
end
return added
`;

export const REDIS_SCAN_SCRIPTS = {
  create: CREATE,
  createIfNoActive: CREATE_IF_NO_ACTIVE,
  discardPending: DISCARD_PENDING,
  update: UPDATE,
  get: GET,
  findActive: FIND_ACTIVE,
  latestCompleted: LATEST_COMPLETED,
  listActive: LIST_ACTIVE,
  listRecentWithEvidence: LIST_RECENT_WITH_EVIDENCE,
  purgeEnded: PURGE_ENDED,
  countEnded: COUNT_ENDED,
  schemaVersion: SCHEMA_VERSION,
  scanEnded: SCAN_ENDED,
  indexEnded: INDEX_ENDED,
} as const;
