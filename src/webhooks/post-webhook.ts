import { request, type Dispatcher } from 'undici';
import { isPrivateAddress, privateAddressMessage } from './receiver-address-guard.js';

/** What one POST to a receiver returned. */
export interface PostResult {
  /** HTTP status, or null when no answer came (refused, reset, timeout). */
  readonly status: number | null;
  /** Why it failed (non-2xx status or network error), or null on 2xx. */
  readonly error: string | null;
}

/**
 * POST a signed payload to a receiver with undici. Redirects are not followed (a 3xx is a failure:
 * the signature was made for this URL's owner), and the whole attempt is bounded by `timeoutMs`.
 * The response body is read and dropped so the connection can be reused.
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
  if (!input.allowPrivate && isPrivateAddress(host)) return { status: null, error: privateAddressMessage(host, host) };
  try {
    const res = await request(input.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'tf-gateway-webhooks/1', ...input.headers },
      body: input.body,
      dispatcher: input.dispatcher,
      headersTimeout: input.timeoutMs,
      bodyTimeout: input.timeoutMs,
      signal: AbortSignal.timeout(input.timeoutMs),
    });
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
    if (res.statusCode >= 200 && res.statusCode < 300) return { status: res.statusCode, error: null };
    return { status: res.statusCode, error: `HTTP ${res.statusCode}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    // undici wraps connect failures; the address guard's refusal is the useful part.
    const cause = error instanceof Error && error.cause instanceof Error && (error.cause as NodeJS.ErrnoException).code === 'EPRIVATEADDRESS' ? error.cause : null;
    if (cause !== null) return { status: null, error: cause.message };
    const message = error instanceof Error ? error.message : String(error);
    return { status: null, error: name === 'TimeoutError' || name === 'AbortError' ? `timed out after ${input.timeoutMs} ms` : `${name}: ${message}` };
  }
}
