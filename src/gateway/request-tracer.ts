import type { IncomingHttpHeaders } from 'node:http';
import type { Endpoint } from './request-record.js';

/**
 * Tracing as the routes see it: the start of each inference request. Everything after (admission,
 * upstream calls, settlement, the end of the request) is traced by the composition root, which
 * wraps the admission gate and the providers and sees every request-log entry. Absent when tracing
 * is off, so an untraced request costs one null check.
 */
export interface RequestTracer {
  /**
   * A request began: open its span, continuing the caller's trace context (`traceparent`) when it
   * sent one. `body` is read only when message content capture is switched on.
   */
  start(request: TracedRequest): void;
}

/** What a trace knows of a request when it begins. */
export interface TracedRequest {
  readonly id: string;
  readonly endpoint: Endpoint;
  readonly method: string;
  /** The route (`/v1/chat/completions`), not the URL: no ids or query strings. */
  readonly route: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}
