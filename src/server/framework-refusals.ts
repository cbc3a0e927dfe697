import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { allowedMethods } from '../core/allowed-methods.js';
import { GatewayError } from '../core/errors.js';
import { createRequestId } from '../core/ids.js';
import { encodeOpenAIError } from '../protocol/openai/error-envelope.js';
import { sendErrorEnvelope, type ErrorEnvelope } from './error-handler.js';

/**
 * The envelope of a request no route took (unknown path, wrong method, a URL the router refused):
 * the console's under `/api`, Anthropic's under `/v1/messages` (and `/v1/v1/messages`), else OpenAI's.
 */
export function envelopeForUrl(url: string): ErrorEnvelope {
  if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) return 'console';
  // `/v1/v1/messages` too: an Anthropic SDK whose base URL ends in /v1.
  if (/^\/v1(\/v1)?\/messages(?:[/?]|$)/.test(url)) return 'anthropic';
  return 'openai';
}

/** Not-found handler: 405 with `allow` when the path exists with other methods, else 404. */
export async function sendUnknownRoute(request: FastifyRequest, reply: FastifyReply, what = 'request URL'): Promise<void> {
  const path = request.url.split('?')[0] ?? request.url;
  const allow = allowedMethods(request.server, path);
  if (allow.length > 0) {
    void reply.header('allow', allow.join(', '));
    const error = new GatewayError('GW_METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${path}; use ${allow.join(', ')}.`);
    return sendErrorEnvelope(reply, error, envelopeForUrl(request.url));
  }
  return sendErrorEnvelope(reply, new GatewayError('GW_ROUTE_NOT_FOUND', `Unknown ${what}: ${request.method} ${path}.`), envelopeForUrl(request.url));
}

/**
 * Fastify's `frameworkErrors`: URLs its router refuses before any hook runs (a malformed `%`
 * escape, an over-long path parameter), answered in our envelope with our request id.
 */
export function refuseFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('x-request-id', request.id);
  const refusal = error.code === 'FST_ERR_BAD_URL'
    ? new GatewayError('GW_INVALID_URL', 'The URL has a malformed percent-escape.')
    : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new GatewayError('GW_URL_TOO_LONG', 'A path segment of the URL is longer than any id (100 characters).')
      : new GatewayError('GW_INTERNAL', 'The gateway had an internal error; the request id identifies it in the logs.', { cause: error });
  if (refusal.status >= 500) request.log.error({ err: error }, 'router error');
  void sendErrorEnvelope(reply, refusal, envelopeForUrl(request.url));
}

/** The GatewayError for a parse error Node's HTTP server reports (`clientError`). */
function clientErrorOf(error: NodeJS.ErrnoException): GatewayError {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return new GatewayError('GW_REQUEST_TIMEOUT', 'The request was not received in time.');
  if (error.code === 'HPE_HEADER_OVERFLOW') return new GatewayError('GW_HEADERS_TOO_LARGE', 'The request line and headers are too large.');
  return new GatewayError('GW_BAD_HTTP', 'The request is not valid HTTP/1.1.');
}

/**
 * Fastify's `clientErrorHandler`: bytes Node cannot parse as a request never reach a route, so the
 * answer is written to the socket here, in the OpenAI envelope (the URL may be unknown), with a
 * request id, and the connection is closed as Node's own handler does.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const refusal = clientErrorOf(error);
    const body = JSON.stringify(encodeOpenAIError(refusal));
    const head = [
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status] ?? 'Error'}`,
      'content-type: application/json',
      `content-length: ${Buffer.byteLength(body)}`,
      `x-request-id: ${createRequestId()}`,
      'connection: close',
    ];
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
    return;
  }
  socket.destroy();
}

/** While the server closes, requests arriving on connections it still holds get our 503 (Fastify's own has no envelope). */
export function shutdownRefusal(): GatewayError {
  return new GatewayError('GW_SHUTTING_DOWN', 'The gateway is shutting down; retry.', { retryAfterSeconds: 1 });
}
