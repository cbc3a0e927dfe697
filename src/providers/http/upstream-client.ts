import type { Dispatcher, Pool } from 'undici';
import { GatewayError } from '../../core/errors.js';
import { loadUndiciPool } from '../../core/load-undici.js';
import type { UpstreamTimeouts } from '../../config/catalogue-types.js';
import type { CallSignal } from '../provider.js';
import { ConnectionGate } from './connection-gate.js';
import { mapTransportError } from './map-transport-error.js';
import { mapUpstreamStatus } from './map-upstream-status.js';
import { SignalledHandler } from './signalled-handler.js';
import { MAX_ERROR_BODY, StreamedAnswer, type StreamedUpstreamResponse } from './streamed-answer.js';

/** Options of an {@link UpstreamClient}. */
export interface UpstreamClientOptions {
  /** Provider id, used in error messages. */
  readonly providerId: string;
  /** Base URL; request paths are appended to it (`/chat/completions`). */
  readonly baseUrl: string;
  /** Headers sent on every call (credentials, versions). */
  readonly headers: Readonly<Record<string, string>>;
  readonly timeouts: UpstreamTimeouts;
  /** Most calls in flight at once, or null for no limit. */
  readonly maxConnections?: number | null;
  /** How long a call waits for a free connection once `maxConnections` are busy, ms. */
  readonly queueTimeoutMs?: number;
  /**
   * The gate counting `maxConnections` when it is shared with other clients of the same upstream
   * (the credentials of a key pool); absent: this client has its own.
   */
  readonly gate?: ConnectionGate | null;
}

/** A successful (2xx) upstream answer read whole. */
export interface UpstreamTextResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The body as UTF-8 text. */
  readonly text: string;
}

/** A request body as JSON text: a string is taken as already serialised. */
export function jsonBody(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body);
}

/** Per-call options: cancellation, the request id sent as `x-request-id`, and extra headers (trace context). */
export interface UpstreamCallOptions {
  readonly signal: CallSignal;
  readonly requestId: string;
  /** Added to the static headers (`traceparent` ...); absent on most calls. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Keep-alive HTTP client for one upstream; every failure becomes a GatewayError. */
export interface UpstreamClient {
  /**
   * POST a JSON body and read the whole 2xx answer (at most `maxBytes`) as text. For answers read
   * whole, this skips the body stream `postJson` hands out (undici's Readable costs ≈15 % of a bare
   * proxy's CPU per request in stream bookkeeping: push, read, nextTick, destroy).
   */
  postJsonText(path: string, body: string, options: UpstreamCallOptions & { maxBytes: number }): Promise<UpstreamTextResponse>;
  /**
   * POST a JSON body and hand out the 2xx answer's body read by read as it arrives
   * ({@link UpstreamBody}: no Readable in between), for streams relayed as they are.
   */
  postJsonStream(path: string, body: string, options: UpstreamCallOptions): Promise<StreamedUpstreamResponse>;
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
  const maxConnections = options.maxConnections ?? null;
  // No silent queue: without a limit the pool opens a connection per call in flight (a held stream
  // keeps one); with a limit, calls past it wait in the gate, bounded and measured, never in undici.
  const gate = options.gate ?? (maxConnections === null ? null : new ConnectionGate(options.providerId, maxConnections, options.queueTimeoutMs ?? 2_000));
  // undici's Pool is loaded with the catalogue, not on the first call: loading it cost that call ≈10 ms
  // (compiling its 22 modules), which a started gateway's first burst queued behind (bench/findings/streams-held.md,
  // "The first 50 streams after start"). A gateway that serves only the simulator never loads it.
  const PoolClass = loadUndiciPool();
  // Opened on the first call: a catalogue names upstreams a gateway may never call.
  let openPool: Pool | null = null;
  const pool = (): Pool =>
    (openPool ??= new PoolClass(baseUrl.origin, {
      keepAliveTimeout: 30_000,
      connections: maxConnections,
      connect: { timeout: options.timeouts.connectMs },
      headersTimeout: options.timeouts.headersMs,
      bodyTimeout: options.timeouts.idleMs,
    }));
  const staticHeaders: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...options.headers };
  const paths = new Map<string, string>();

  return {
    postJsonText(path, body, { signal, requestId, headers, maxBytes }) {
      if (signal.aborted) return Promise.reject(signal.reason);
      const sent = headersFor(requestId, headers);
      const dispatch = () =>
        new Promise<UpstreamTextResponse>((resolve, reject) => {
          pool().dispatch({ path: pathFor(path), method: 'POST', headers: sent, body }, new TextHandler(options.providerId, signal, maxBytes, resolve, reject));
        });
      if (gate === null) return dispatch();
      return enterGate(gate, signal).then(() => dispatch().finally(() => gate.release()));
    },
    postJsonStream(path, body, { signal, requestId, headers }) {
      if (signal.aborted) return Promise.reject(signal.reason);
      const sent = headersFor(requestId, headers);
      const dispatch = (release: (() => void) | null) =>
        new Promise<StreamedUpstreamResponse>((resolve, reject) => {
          // The gate's slot is held until the call is over: a stream holds its connection until it ends.
          try {
            pool().dispatch({ path: pathFor(path), method: 'POST', headers: sent, body }, new StreamedAnswer(options.providerId, signal, resolve, reject, release));
          } catch (error) {
            release?.();
            reject(mapTransportError(options.providerId, error, signal));
          }
        });
      if (gate === null) return dispatch(null);
      return enterGate(gate, signal).then(() => dispatch(() => gate.release()));
    },
    close: () => openPool?.close() ?? Promise.resolve(),
  };

  /** The headers of one call: the static ones, the call's own, and its request id. */
  function headersFor(requestId: string, headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
    return headers === undefined ? { ...staticHeaders, 'x-request-id': requestId } : { ...staticHeaders, ...headers, 'x-request-id': requestId };
  }

  function pathFor(path: string): string {
    let fullPath = paths.get(path);
    if (fullPath === undefined) {
      fullPath = basePath + path;
      if (paths.size < 64) paths.set(path, fullPath);
    }
    return fullPath;
  }
}

/** Wait for a slot of the gate, telling the request (for its log entry) how long it waited. */
async function enterGate(gate: ConnectionGate, signal: CallSignal): Promise<void> {
  const slot = gate.acquire(signal);
  if (slot === 0) return;
  const since = Date.now();
  try {
    signal.noteUpstreamWait?.(await slot);
  } catch (error) {
    signal.noteUpstreamWait?.(Date.now() - since);
    throw error;
  }
}

/** undici dispatch handler that collects one answer as text: no body stream, no promise per chunk. */
class TextHandler extends SignalledHandler implements Dispatcher.DispatchHandler {
  private status = 0;
  private headers: Record<string, string | string[] | undefined> = {};
  private readonly chunks: Buffer[] = [];
  private size = 0;
  private settled = false;

  constructor(
    private readonly providerId: string,
    signal: CallSignal,
    private readonly maxBytes: number,
    private readonly resolve: (response: UpstreamTextResponse) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    super(signal);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: Record<string, string | string[] | undefined>): void {
    this.status = statusCode;
    this.headers = headers;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.size += chunk.length;
    const ok = this.status >= 200 && this.status < 300;
    if (this.size > (ok ? this.maxBytes : MAX_ERROR_BODY)) {
      if (ok) {
        this.fail(new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream response exceeded ${this.maxBytes} bytes`));
        controller.abort(new Error('response too large'));
      }
      return; // an error body is only read up to its limit
    }
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    this.settled = true;
    this.unlisten();
    const text = this.chunks.length === 1 ? this.chunks[0]!.toString('utf8') : Buffer.concat(this.chunks).toString('utf8');
    if (this.status >= 200 && this.status < 300) this.resolve({ status: this.status, headers: this.headers, text });
    else this.reject(mapUpstreamStatus(this.providerId, this.status, this.headers, text));
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.fail(mapTransportError(this.providerId, error, this.signal));
  }

  private fail(error: unknown): void {
    if (this.settled) return;
    this.settled = true;
    this.unlisten();
    this.reject(error);
  }
}
