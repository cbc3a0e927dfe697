import { randomBytes } from 'node:crypto';

// Crockford base32: sortable as text, no ambiguous letters.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Encode a millisecond timestamp as 10 base32 characters, so ids sort by creation time. */
function encodeTime(ms: number): string {
  let out = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

/** Encode `length` random base32 characters. */
function encodeRandom(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! & 31];
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
