/**
 * The Lua script of the Redis counter store: the whole check-and-consume of one request, over all of its
 * counters, in one atomic script execution (Redis runs one script at a time). It is the sliding log of the
 * memory and SQLite stores, in Lua; the shared conformance suite holds all three to the same answers.
 *
 * KEYS[2i-1]  entries of counter i: sorted set, score = expiry (epoch ms), member = "<seq>:<units>"
 * KEYS[2i]    meta of counter i: hash, total = live units, seq = last member sequence number
 * ARGV[1]     now (epoch ms, from the caller, like every CounterStore)
 * ARGV[2]     TTL grace (ms) added to the last expiry, so clock skew between hosts cannot drop live entries
 * ARGV[3i..3i+2]  limit, units, expiry of the new entry of counter i (the window rule stays in TypeScript)
 *
 * Reply: {1, usage_1, ..., usage_n} when allowed; {0, failed (0-based), usage, retryAfterMs} when refused,
 * with retryAfterMs -1 for "never" (more units asked than the limit).
 */
export const REDIS_CONSUME_SCRIPT = `
local now = tonumber(ARGV[1])
local grace = tonumber(ARGV[2])
local n = #KEYS / 2

local function units_of(member)
  return tonumber(string.match(member, ":(%d+)$"))
end

-- 1. Prune expired entries and read each counter's usage.
local usage = {}
for i = 1, n do
  local entries, meta = KEYS[2 * i - 1], KEYS[2 * i]
  local expired = redis.call("ZRANGEBYSCORE", entries, "-inf", ARGV[1])
  if #expired > 0 then redis.call("ZREMRANGEBYSCORE", entries, "-inf", ARGV[1]) end
  local total = tonumber(redis.call("HGET", meta, "total"))
  if redis.call("ZCARD", entries) == 0 then
    if total ~= nil then redis.call("DEL", meta) end
    total = 0
  elseif total == nil then
    -- The meta hash is gone (evicted under memory pressure): count the live entries again, and restore
    -- the sequence too, or a new member could reuse (and overwrite) a live one.
    total = 0
    local seq = 0
    for _, member in ipairs(redis.call("ZRANGE", entries, 0, -1)) do
      total = total + units_of(member)
      seq = math.max(seq, tonumber(string.match(member, "^(%d+):")))
    end
    redis.call("HSET", meta, "total", total, "seq", seq)
    local ttl = redis.call("PTTL", entries)
    if ttl > 0 then redis.call("PEXPIRE", meta, ttl) end
  elseif #expired > 0 then
    for _, member in ipairs(expired) do total = total - units_of(member) end
    redis.call("HSET", meta, "total", total)
  end
  usage[i] = total
end

-- 2. Refuse if any counter would exceed; wait until the earliest time every exceeded counter fits.
local failed = 0
local wait = 0
for i = 1, n do
  local limit, units = tonumber(ARGV[3 * i]), tonumber(ARGV[3 * i + 1])
  local excess = usage[i] + units - limit
  if excess > 0 then
    if failed == 0 then failed = i end
    local until_free = -1
    if units <= limit then
      local freed = 0
      local live = redis.call("ZRANGEBYSCORE", KEYS[2 * i - 1], "(" .. ARGV[1], "+inf", "WITHSCORES")
      for j = 1, #live, 2 do
        freed = freed + units_of(live[j])
        if freed >= excess then
          until_free = tonumber(live[j + 1]) - now
          break
        end
      end
    end
    if until_free < 0 or wait < 0 then wait = -1 elseif until_free > wait then wait = until_free end
  end
end
if failed > 0 then return {0, failed - 1, usage[failed], wait} end

-- 3. Consume from every counter; idle counters expire by TTL once their last entry has.
for i = 1, n do
  local units = tonumber(ARGV[3 * i + 1])
  if units > 0 then
    local entries, meta = KEYS[2 * i - 1], KEYS[2 * i]
    local seq = redis.call("HINCRBY", meta, "seq", 1)
    redis.call("ZADD", entries, ARGV[3 * i + 2], seq .. ":" .. units)
    usage[i] = usage[i] + units
    redis.call("HSET", meta, "total", usage[i])
    local last = redis.call("ZRANGE", entries, -1, -1, "WITHSCORES")
    local ttl = math.max(tonumber(last[2]) - now, 0) + grace
    redis.call("PEXPIRE", entries, ttl)
    redis.call("PEXPIRE", meta, ttl)
  end
end
local reply = {1}
for i = 1, n do reply[i + 1] = usage[i] end
return reply
`;
