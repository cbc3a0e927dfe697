import { randomFillSync } from 'node:crypto';

// Crockford base32: sortable as text, no ambiguous letters.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * Random bytes are drawn from a pool refilled in bulk from the CSPRNG: one `randomFillSync` of 4 KiB
 * serves 256 ids, where a `randomBytes(16)` per id cost more than the rest of the id. Every byte is
 * used once; the output is as random as before.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let poolOffset = POOL_BYTES;

/** The time part of the last id: ids in the same millisecond share it. */
let lastMs = -1;
let lastTime = '';

/** Encode a millisecond timestamp as 10 base32 characters, so ids sort by creation time. */
function encodeTime(ms: number): string {
  if (ms === lastMs) return lastTime;
  let out = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  lastMs = ms;
  lastTime = out;
  return out;
}

/** Encode `length` random base32 characters. */
function encodeRandom(length: number): string {
  if (length > POOL_BYTES) throw new RangeError(`At most ${POOL_BYTES} random characters per id`);
  if (poolOffset + length > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  let out = '';
  for (let i = poolOffset, end = poolOffset + length; i < end; i++) out += ALPHABET[pool[i]! & 31];
  poolOffset += length;
  return out;
}

/** A sortable random id: `<prefix>_` + 10 time characters + 16 random characters (80 bits). */
export function createId(prefix: string, now: number = Date.now()): string {
  return `${prefix}_${encodeTime(now)}${encodeRandom(16)}`;
}

/** A request id as quoted by users and keyed in the request log. */
export function createRequestId(now?: number): string {
  return createId('req', now);
}
