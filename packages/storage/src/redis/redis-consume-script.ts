/**
 * The Lua script of the Redis counter store: the whole check-and-consume of one request, over all of its
 * counters, in one atomic script execution (Redis runs one script at a time). It is the sliding log of the
 * memory and SQLite stores, in Lua; the shared conformance suite holds all three to the same answers.
 *
 * A counter is one hash: field = the expiry (epoch ms) of a bucket of entries, value = its units. Rolling
 * expiries are bucketed (core's `toCounterExpiry`), so a hash has at most 21 live fields (a utc_day counter
 * one), and a consume is a few commands per counter whatever its traffic: read all fields, delete the
 * expired ones, add to one field, renew the TTL.
 *
 * KEYS[i]         the hash of counter i
 * ARGV[1]         now (epoch ms, from the caller, like every CounterStore)
 * ARGV[2]         TTL grace (ms) added to the last expiry, so clock skew between hosts cannot drop live entries
 * ARGV[3i..3i+2]  limit, units, expiry of the new entry of counter i (the window rule stays in TypeScript)
 *
 * Reply: {1, usage_1, ..., usage_n} when allowed; {0, failed (0-based), usage, retryAfterMs} when refused,
 * with retryAfterMs -1 for "never" (more units asked than the limit).
 */
export const REDIS_CONSUME_SCRIPT = `
local now = tonumber(ARGV[1])
local grace = tonumber(ARGV[2])
local n = #KEYS

-- 1. Read each counter's live entries (deleting expired ones) and its usage.
local usage, live, latest = {}, {}, {}
for i = 1, n do
  local fields = redis.call("HGETALL", KEYS[i])
  local total, entries, last, expired = 0, {}, 0, {}
  for j = 1, #fields, 2 do
    local expiry = tonumber(fields[j])
    if expiry <= now then
      expired[#expired + 1] = fields[j]
    else
      local units = tonumber(fields[j + 1])
      total = total + units
      entries[#entries + 1] = { expiry, units }
      if expiry > last then last = expiry end
    end
  end
  if #expired > 0 then redis.call("HDEL", KEYS[i], unpack(expired)) end
  usage[i], live[i], latest[i] = total, entries, last
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
      local entries = live[i]
      table.sort(entries, function(a, b) return a[1] < b[1] end)
      local freed = 0
      for _, entry in ipairs(entries) do
        freed = freed + entry[2]
        if freed >= excess then
          until_free = entry[1] - now
          break
        end
      end
    end
    if until_free < 0 or wait < 0 then wait = -1 elseif until_free > wait then wait = until_free end
  end
end
if failed > 0 then return {0, failed - 1, usage[failed], wait} end

-- 3. Consume from every counter; an idle counter expires by TTL once its last entry has.
for i = 1, n do
  local units = tonumber(ARGV[3 * i + 1])
  if units > 0 then
    local expiry = tonumber(ARGV[3 * i + 2])
    redis.call("HINCRBY", KEYS[i], ARGV[3 * i + 2], units)
    usage[i] = usage[i] + units
    -- The TTL set with the latest live bucket still covers one that expires no later.
    if expiry > latest[i] then redis.call("PEXPIRE", KEYS[i], expiry - now + grace) end
  end
end
local reply = {1}
for i = 1, n do reply[i + 1] = usage[i] end
return reply
`;
