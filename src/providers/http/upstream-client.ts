import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { Pool } from 'undici';
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

/**
 * Create a pooled keep-alive client for one upstream (undici, not fetch: see the anchors). The base
 * URL is parsed once: a `Pool` per origin takes a path per call, where `request(url, { dispatcher })`
 * parsed the whole URL and looked the origin up in an Agent on every call.
 */
export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const baseUrl = new URL(options.baseUrl);
  const basePath = baseUrl.pathname.replace(/\/+$/, '');
  const pool = new Pool(baseUrl.origin, {
    keepAliveTimeout: 30_000,
    connections: 256,
    connect: { timeout: options.timeouts.connectMs },
    headersTimeout: options.timeouts.headersMs,
    bodyTimeout: options.timeouts.idleMs,
  });
  const staticHeaders: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...options.headers };
  const paths = new Map<string, string>();

  return {
    async postJson(path, body, { signal, requestId }) {
      let fullPath = paths.get(path);
      if (fullPath === undefined) {
        fullPath = basePath + path;
        if (paths.size < 64) paths.set(path, fullPath);
      }
      const cancel = watchSignal(signal);
      let res;
      try {
        res = await pool.request({
          path: fullPath,
          method: 'POST',
          headers: { ...staticHeaders, 'x-request-id': requestId },
          body,
          signal: cancel,
        });
      } catch (error) {
        unwatchSignal(cancel);
        throw mapTransportError(options.providerId, error, signal);
      }
      if (res.statusCode >= 200 && res.statusCode < 300) {
        res.body.once('close', () => unwatchSignal(cancel));
        return { status: res.statusCode, headers: res.headers, body: res.body };
      }
      let text = '';
      try {
        text = await readBodyText(res.body, 64 * 1024);
      } catch {
        // The status alone still says what happened.
      } finally {
        unwatchSignal(cancel);
      }
      throw mapUpstreamStatus(options.providerId, res.statusCode, res.headers, text);
    },
    close: () => pool.close(),
  };
}

/**
 * Cancellation without an abort listener per call. On Node 20 adding and removing an `abort`
 * listener on an AbortSignal costs about 4.5 µs, and undici adds two per request (request and body),
 * which was ~5 % of the gateway's CPU per request. undici also accepts an EventEmitter as `signal`,
 * so each call gets a plain emitter, and one timer checks the callers' signals every
 * {@link WATCH_INTERVAL_MS} while calls are in flight. A client that disconnects therefore cancels
 * the upstream call within that interval rather than at once (the stream relays stop reading at once
 * anyway, which destroys the body).
 */
class CancelSignal extends EventEmitter {
  /** Read by undici when it aborts. */
  reason: unknown = undefined;
  aborted = false;

  constructor(readonly source: AbortSignal) {
    super();
  }

  /** Abort the call with the source signal's reason. */
  fire(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = this.source.reason;
    this.emit('abort');
  }
}

const WATCH_INTERVAL_MS = 50;
const watched = new Set<CancelSignal>();
let watchTimer: NodeJS.Timeout | null = null;

function watchSignal(signal: AbortSignal): CancelSignal {
  const cancel = new CancelSignal(signal);
  if (signal.aborted) {
    cancel.fire();
    return cancel;
  }
  watched.add(cancel);
  if (watchTimer === null) {
    watchTimer = setInterval(checkSignals, WATCH_INTERVAL_MS);
    watchTimer.unref();
  }
  return cancel;
}

function unwatchSignal(cancel: CancelSignal): void {
  watched.delete(cancel);
}

/** The timer stops itself once nothing is in flight (not per call: calls come and go constantly). */
function checkSignals(): void {
  if (watched.size === 0 && watchTimer !== null) {
    clearInterval(watchTimer);
    watchTimer = null;
    return;
  }
  for (const cancel of watched) {
    if (!cancel.source.aborted) continue;
    watched.delete(cancel);
    cancel.fire();
  }
}
