import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` uniformly random base62 characters (rejection sampling: 248 = 4 * 62). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
  }
  return out;
}

/** A secret with its stored forms: SHA-256 hex (fast hash: the secret is random, ~238 bits) and a display prefix. */
export interface GeneratedSecret {
  /** The secret itself; shown once, never stored. */
  readonly secret: string;
  /** First 12 characters, stored to identify it. */
  readonly prefix: string;
  /** SHA-256 hex, stored and looked up. */
  readonly hash: string;
}

/** Generate `<prefix>` + 40 base62 characters with its hash and display prefix. */
export function generateSecret(prefix: string): GeneratedSecret {
  const secret = `${prefix}${randomBase62(40)}`;
  return { secret, prefix: secret.slice(0, 12), hash: hashSecret(secret) };
}

/** SHA-256 hex of a secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
