import type { Dispatcher } from 'undici';
import { loadUndici } from '../core/load-undici.js';
import { isPrivateAddress, privateAddressMessage } from './receiver-address-guard.js';

/** What one POST to a receiver returned. */
export interface PostResult {
  /** HTTP status, or null when no answer came (refused, reset, timeout). */
  readonly status: number | null;
  /** Why it failed (non-2xx status or network error), or null on 2xx. */
  readonly error: string | null;
  /** The start of the answer's body as text (at most {@link BODY_EXCERPT_BYTES}), or null when it had none. */
  readonly responseBody: string | null;
}

/** How much of a receiver's answer is kept for the delivery's history: 1 KiB. */
export const BODY_EXCERPT_BYTES = 1024;
/** How much of an answer is read at most (the rest is dropped with the connection). */
const BODY_READ_LIMIT = 64 * 1024;

/** Read a body up to the read limit, keeping its first bytes; a body that breaks keeps what came. */
async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string | null> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let read = 0;
  try {
    for await (const chunk of body) {
      if (keptBytes < BODY_EXCERPT_BYTES) {
        const part = chunk.subarray(0, BODY_EXCERPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
      read += chunk.length;
      if (read >= BODY_READ_LIMIT) break;
    }
  } catch {
    // The status already decided the outcome; a body cut short only shortens the excerpt.
  }
  body.destroy();
  // A multi-byte character cut at the limit decodes as U+FFFD, which is fine for an excerpt.
  return keptBytes === 0 ? null : Buffer.concat(kept).toString('utf8');
}

/**
 * POST a signed payload to a receiver with undici. Redirects are not followed (a 3xx is a failure:
 * the signature was made for this URL's owner), and the whole attempt is bounded by `timeoutMs`.
 * The start of the answer's body is kept for the delivery's history; the rest (up to 64 KiB) is read
 * and dropped.
 */
export async function postWebhook(input: {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly timeoutMs: number;
  readonly dispatcher: Dispatcher;
  /** Whether private and loopback addresses may be reached (names are checked by the dispatcher's lookup). */
  readonly allowPrivate: boolean;
}): Promise<PostResult> {
  // A literal IP never goes through DNS lookup, so it is checked here.
  const host = new URL(input.url).hostname.replace(/^\[|\]$/g, '');
  if (!input.allowPrivate && isPrivateAddress(host)) return { status: null, error: privateAddressMessage(host, host), responseBody: null };
  try {
    const res = await loadUndici().request(input.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'tf-gateway-webhooks/1', ...input.headers },
      body: input.body,
      dispatcher: input.dispatcher,
      headersTimeout: input.timeoutMs,
      bodyTimeout: input.timeoutMs,
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    const responseBody = await readExcerpt(res.body);
    if (res.statusCode >= 200 && res.statusCode < 300) return { status: res.statusCode, error: null, responseBody };
    return { status: res.statusCode, error: `HTTP ${res.statusCode}`, responseBody };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    // undici wraps connect failures; the address guard's refusal is the useful part.
    const cause = error instanceof Error && error.cause instanceof Error && (error.cause as NodeJS.ErrnoException).code === 'EPRIVATEADDRESS' ? error.cause : null;
    if (cause !== null) return { status: null, error: cause.message, responseBody: null };
    const message = error instanceof Error ? error.message : String(error);
    return { status: null, error: name === 'TimeoutError' || name === 'AbortError' ? `timed out after ${input.timeoutMs} ms` : `${name}: ${message}`, responseBody: null };
  }
}
