import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import type { UpstreamTimeouts } from '../../catalog/types.js';
import { mapTransportError } from './map-transport-error.js';
import { mapUpstreamStatus } from './map-upstream-status.js';
import { readBodyText } from './read-body-text.js';

/** Options of an {@link UpstreamClient}. */
export interface UpstreamClientOptions {
  /** Provider id, used in error messages. */
  readonly providerId: string;
  /** Base URL; request paths are appended to it (`/chat/completions`). */
  readonly baseUrl: string;
  /** Headers sent on every call (credentials, versions). */
  readonly headers: Readonly<Record<string, string>>;
  readonly timeouts: UpstreamTimeouts;
}

/** A successful (2xx) upstream answer with its body unread. */
export interface UpstreamResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body; consume or destroy it. */
  readonly body: Readable;
}

/** Keep-alive HTTP client for one upstream; every failure becomes a GatewayError. */
export interface UpstreamClient {
  /** POST a JSON body; resolves on a 2xx answer, rejects with a GatewayError otherwise. */
  postJson(path: string, body: string, options: { signal: AbortSignal; requestId: string }): Promise<UpstreamResponse>;
  /** Close pooled connections. */
  close(): Promise<void>;
}

/** Create a pooled keep-alive client for one upstream (undici Agent, not fetch: see the anchors). */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const agent = new Agent({
    keepAliveTimeout: 30_000,
    connections: 256,
    connect: { timeout: options.timeouts.connectMs },
    headersTimeout: options.timeouts.headersMs,
    bodyTimeout: options.timeouts.idleMs,
  });
  const staticHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...options.headers };

  return {
    async postJson(path, body, { signal, requestId }) {
      let res;
      try {
        res = await request(base + path, {
          method: 'POST',
          dispatcher: agent,
          headers: { ...staticHeaders, 'x-request-id': requestId },
          body,
          signal,
        });
      } catch (error) {
        throw mapTransportError(options.providerId, error, signal);
      }
      if (res.statusCode >= 200 && res.statusCode < 300) {
        return { status: res.statusCode, headers: res.headers, body: res.body };
      }
      let text = '';
      try {
        text = await readBodyText(res.body, 64 * 1024);
      } catch {
        // The status alone still says what happened.
      }
      throw mapUpstreamStatus(options.providerId, res.statusCode, res.headers, text);
    },
    close: () => agent.close(),
  };
}
