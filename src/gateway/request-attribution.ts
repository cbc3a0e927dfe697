import type { IncomingHttpHeaders } from 'node:http';
import { isJsonObject } from '../core/json.js';

/** At most this many tags per request (OpenAI's own `metadata` limit); further ones are dropped. */
export const MAX_TAGS = 16;
const MAX_KEY_CHARS = 64;
const MAX_VALUE_CHARS = 512;
const MAX_USER_CHARS = 256;
const NO_TAGS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * The end-user id a client sent: OpenAI's `user` (chat, completions, embeddings, responses) or
 * Anthropic's `metadata.user_id`. Clipped, never refused: attribution must not fail a request.
 */
export function readEndUser(body: unknown): string | null {
  if (!isJsonObject(body)) return null;
  const metadata = body.metadata;
  const candidate = typeof body.user === 'string' ? body.user : isJsonObject(metadata) && typeof metadata.user_id === 'string' ? metadata.user_id : '';
  return candidate === '' ? null : candidate.slice(0, MAX_USER_CHARS);
}

/**
 * A request's tags: the string entries of the body's `metadata` object (OpenAI's key-value field;
 * Anthropic's `user_id` excepted), then the `x-tf-tags` header, which wins on a shared key. The header
 * uses the W3C Baggage syntax: `key=value` pairs separated by commas, each percent-encoded, so
 * values may contain commas (`%2C`). Malformed pairs and tags beyond the limits are skipped.
 */
export function readRequestTags(body: unknown, headers: IncomingHttpHeaders): Readonly<Record<string, string>> {
  const metadata = isJsonObject(body) ? body.metadata : undefined;
  const header = headers['x-tf-tags'];
  // Most requests carry no tags: share one empty object instead of building a map for nothing.
  if (metadata === undefined && header === undefined) return NO_TAGS;
  const tags = new Map<string, string>();
  if (isJsonObject(metadata)) {
    for (const [key, value] of Object.entries(metadata)) if (key !== 'user_id' && typeof value === 'string') tags.set(key, value);
  }
  for (const part of (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const key = decode(part.slice(0, at).trim());
    const value = decode(part.slice(at + 1).trim());
    if (key !== null && value !== null) tags.set(key, value);
  }
  const out: Record<string, string> = {};
  let count = 0;
  for (const [key, value] of tags) {
    if (count >= MAX_TAGS) break;
    if (key.length > 0 && key.length <= MAX_KEY_CHARS) {
      // A key seen twice was merged in the map already, so each one here is new.
      out[key] = value.slice(0, MAX_VALUE_CHARS);
      count++;
    }
  }
  return out;
}

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    // A malformed percent-escape: skip the pair rather than fail the request.
    return null;
  }
}
