import type { IncomingHttpHeaders } from 'node:http';
import { hashApiKeySecret } from '../auth/api-key-secret.js';
import type { CachedKey, KeyCache } from '../auth/key-cache.js';
import { GatewayError } from '../core/errors.js';

const KEY_PREFIX = 'sk-tf-';

/**
 * Hashes of recently presented secrets, so a busy key is not hashed on every request. Bounded:
 * cleared when full, so a client cycling random keys cannot grow it (nor keep a secret in it for long).
 */
const HASH_CACHE_SIZE = 256;
const hashes = new Map<string, string>();

function hashOf(secret: string): string {
  if (secret.length > 128) return hashApiKeySecret(secret);
  let hash = hashes.get(secret);
  if (hash === undefined) {
    hash = hashApiKeySecret(secret);
    if (hashes.size >= HASH_CACHE_SIZE) hashes.clear();
    hashes.set(secret, hash);
  }
  return hash;
}

/** The presented secret: `Authorization: Bearer` (OpenAI SDKs, Anthropic 1.x) or `x-api-key` (Anthropic 0.x). */
export function readPresentedKey(headers: IncomingHttpHeaders): string | null {
  const auth = headers.authorization;
  if (typeof auth === 'string' && auth.length > 7 && auth.slice(0, 7).toLowerCase() === 'bearer ') return auth.slice(7).trim();
  const apiKey = headers['x-api-key'];
  if (typeof apiKey === 'string' && apiKey !== '') return apiKey.trim();
  return null;
}

/** Authenticate an inference request: 401 for a missing, unknown, disabled or expired key. */
export async function authenticate(headers: IncomingHttpHeaders, keys: KeyCache, nowMs: number): Promise<CachedKey> {
  const secret = readPresentedKey(headers);
  if (secret === null) {
    throw new GatewayError('GW_MISSING_API_KEY', "You didn't provide an API key. Send it as 'Authorization: Bearer sk-tf-...'.");
  }
  if (!secret.startsWith(KEY_PREFIX)) {
    throw new GatewayError('GW_INVALID_API_KEY', 'Incorrect API key provided. Inference keys start with sk-tf-.');
  }
  const hash = hashOf(secret);
  // A known key needs no await on the cache's promise.
  const key = keys.peek(hash) ?? (await keys.get(hash));
  if (key === null) throw new GatewayError('GW_INVALID_API_KEY', `Incorrect API key provided: ${mask(secret)}.`);
  if (key.disabled) throw new GatewayError('GW_API_KEY_DISABLED', `The API key ${key.prefix}... is disabled.`);
  if (key.expiresAt !== null && key.expiresAt <= nowMs) {
    throw new GatewayError('GW_API_KEY_EXPIRED', `The API key ${key.prefix}... expired at ${new Date(key.expiresAt).toISOString()}.`);
  }
  return key;
}

/** Show only the start and end of a secret. */
function mask(secret: string): string {
  return secret.length <= 14 ? `${KEY_PREFIX}***` : `${secret.slice(0, 10)}***${secret.slice(-4)}`;
}
