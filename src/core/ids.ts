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
/** The random part of the last id, as digit values, so the next id of the same millisecond can follow it. */
let lastRandom: number[] = [];

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

/** Draw `length` random base32 digits. */
function drawRandom(length: number): number[] {
  if (length > POOL_BYTES) throw new RangeError(`At most ${POOL_BYTES} random characters per id`);
  if (poolOffset + length > POOL_BYTES) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const out = new Array<number>(length);
  for (let i = 0; i < length; i++) out[i] = pool[poolOffset + i]! & 31;
  poolOffset += length;
  return out;
}

/**
 * The previous random digits plus a random step of 1 to 2^20 (ULID's monotonic rule, with a random
 * step so the next id is not guessable from the last), so ids of one millisecond sort in creation
 * order; null when the 80 bits would overflow (one chance in 2^60 per id).
 */
function incrementRandom(digits: readonly number[]): number[] | null {
  const out = digits.slice();
  const step = drawRandom(4);
  let carry = 1 + step[0]! * 32768 + step[1]! * 1024 + step[2]! * 32 + step[3]!;
  for (let i = out.length - 1; i >= 0 && carry > 0; i--) {
    const sum = out[i]! + carry;
    out[i] = sum % 32;
    carry = Math.floor(sum / 32);
  }
  return carry > 0 ? null : out;
}

/**
 * A sortable random id: `<prefix>_` + 10 time characters + 16 random characters (80 bits).
 * Ids made in the same millisecond by this process sort in the order they were made.
 */
export function createId(prefix: string, now: number = Date.now()): string {
  let random = now === lastMs ? incrementRandom(lastRandom) : null;
  if (random === null) random = drawRandom(16);
  const time = encodeTime(now);
  lastRandom = random;
  let tail = '';
  for (const digit of random) tail += ALPHABET[digit];
  return `${prefix}_${time}${tail}`;
}

/** A request id as quoted by users and keyed in the request log. */
export function createRequestId(now?: number): string {
  return createId('req', now);
}
