import { createHash, randomBytes } from 'node:crypto';

/** Every inference key starts with this. */
export const API_KEY_SECRET_PREFIX = 'sk-tf-';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_CHARS = 40;
const DISPLAY_PREFIX_LENGTH = 12;

/** A freshly generated key: the secret (shown once), its display prefix and its hash (both stored). */
export interface GeneratedApiKeySecret {
  /** `sk-tf-` + 40 base62 characters (~238 bits); never stored. */
  readonly secret: string;
  /** First 12 characters of the secret (`sk-tf-abcdef`), stored to identify the key. */
  readonly prefix: string;
  /** SHA-256 hex of the secret, stored and looked up on every request. */
  readonly hash: string;
}

/** Generate a new inference key secret with its prefix and hash. */
export function generateApiKeySecret(): GeneratedApiKeySecret {
  let body = '';
  while (body.length < RANDOM_CHARS) {
    for (const byte of randomBytes(RANDOM_CHARS)) {
      // Rejection sampling: 248 = 4 * 62, so every character is equally likely.
      if (byte < 248 && body.length < RANDOM_CHARS) body += ALPHABET[byte % 62];
    }
  }
  const secret = `${API_KEY_SECRET_PREFIX}${body}`;
  return { secret, prefix: secret.slice(0, DISPLAY_PREFIX_LENGTH), hash: hashApiKeySecret(secret) };
}

/** SHA-256 hex of a secret: a fast hash is right for high-entropy random keys looked up per request. */
export function hashApiKeySecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
