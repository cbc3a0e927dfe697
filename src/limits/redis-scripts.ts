/**
 * Lua scripts of the Redis limit store. Each runs atomically inside Redis, which is what makes a
 * hold taken on one gateway process visible to the next admission on any other.
 *
 * Account hashes hold `base` and `seq` (the last database read) and one `h:<process>` (holds) and
 * `u:<process>` (unwritten spend) field per gateway process. Fields of a process whose heartbeat
 * key has expired (it crashed) are dropped on the next admission, so a crash cannot lock money
 * forever. Amounts are stored exactly (HINCRBY is 64-bit); the `> 0` comparison uses Lua doubles,
 * exact for balances below 2^53 nano-USD (about 9 million USD).
 */

/** Shared helper: an account's spent amount (holds + unwritten of live processes). */
const SPENT = `
local function spent(key, prefix, alive)
  local fields = redis.call('HGETALL', key)
  local total = 0
  for j = 1, #fields, 2 do
    local f = fields[j]
    local t = string.sub(f, 1, 2)
    if t == 'h:' or t == 'u:' then
      local p = string.sub(f, 3)
      if alive[p] == nil then alive[p] = redis.call('EXISTS', prefix .. 'proc:' .. p) == 1 end
      if alive[p] then total = total + tonumber(fields[j + 1]) else redis.call('HDEL', key, f) end
    end
  end
  return total
end
`;

/**
 * KEYS: n account hashes, then m window counters. ARGV: n, m, process id, key prefix, window ms,
 * then per account (hold, enforce 0/1), then per window (limit, units).
 * Returns {'ok', used1..usedm} | {'unknown', i...} | {'exhausted', i} | {'rate', k, used}.
 */
export const ADMIT_SCRIPT = `${SPENT}
local n = tonumber(ARGV[1])
local m = tonumber(ARGV[2])
local proc = ARGV[3]
local prefix = ARGV[4]
local windowMs = tonumber(ARGV[5])
local alive = {}
local unknown = {}
local avail = {}
for i = 1, n do
  local base = redis.call('HGET', KEYS[i], 'base')
  if not base then table.insert(unknown, i) else avail[i] = tonumber(base) - spent(KEYS[i], prefix, alive) end
end
if #unknown > 0 then return {'unknown', unpack(unknown)} end
for i = 1, n do
  if ARGV[5 + 2 * i] == '1' and avail[i] <= 0 then return {'exhausted', i} end
end
local used = {}
for k = 1, m do
  local limit = tonumber(ARGV[5 + 2 * n + 2 * k - 1])
  local units = tonumber(ARGV[5 + 2 * n + 2 * k])
  local u = tonumber(redis.call('GET', KEYS[n + k]) or '0')
  if u + units > limit then return {'rate', k, u} end
  used[k] = u + units
end
for i = 1, n do redis.call('HINCRBY', KEYS[i], 'h:' .. proc, ARGV[4 + 2 * i]) end
for k = 1, m do
  redis.call('INCRBY', KEYS[n + k], ARGV[5 + 2 * n + 2 * k])
  redis.call('PEXPIRE', KEYS[n + k], windowMs * 2)
end
return {'ok', unpack(used)}
`;

/**
 * KEYS: n account hashes, then m window counters. ARGV: n, m, process id, then per account
 * (negated hold, cost), then per window (delta). Releases holds, adds unwritten spend, corrects
 * windows. Negative amounts are negated by the caller: Redis refuses "-0" as an integer.
 */
export const SETTLE_SCRIPT = `
local n = tonumber(ARGV[1])
local m = tonumber(ARGV[2])
local proc = ARGV[3]
for i = 1, n do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    redis.call('HINCRBY', KEYS[i], 'h:' .. proc, ARGV[2 + 2 * i])
    redis.call('HINCRBY', KEYS[i], 'u:' .. proc, ARGV[3 + 2 * i])
  end
end
for k = 1, m do
  if redis.call('EXISTS', KEYS[n + k]) == 1 then
    local v = redis.call('INCRBY', KEYS[n + k], ARGV[3 + 2 * n + k])
    if v < 0 then redis.call('SET', KEYS[n + k], '0', 'KEEPTTL') end
  end
end
return 1
`;

/** KEYS: the account hash. ARGV: base, seq, negated confirmed amount, process id. */
export const APPLY_SYNC_SCRIPT = `
if ARGV[3] ~= '0' then redis.call('HINCRBY', KEYS[1], 'u:' .. ARGV[4], ARGV[3]) end
local seq = redis.call('HGET', KEYS[1], 'seq')
if not seq or tonumber(ARGV[2]) > tonumber(seq) then
  redis.call('HSET', KEYS[1], 'base', ARGV[1], 'seq', ARGV[2])
end
return 1
`;
