import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError, isGatewayError } from '../core/errors.js';
import { encodeConsoleError } from '../console/internal/error-envelope.js';
import { encodeMessagesError } from '../protocol/anthropic-messages/error-envelope.js';
import { encodeOpenAIError } from '../protocol/openai/error-envelope.js';

/**
 * Error envelopes: a route asks for one through its config (`{ config: { errorEnvelope } }`, OpenAI by
 * default); the console's is chosen for `/api` URLs no route took (`envelopeForUrl`).
 */
export type ErrorEnvelope = 'openai' | 'anthropic' | 'console';

/** The envelope a route asked for. */
function envelopeOf(request: FastifyRequest): ErrorEnvelope {
  const config = request.routeOptions?.config as { errorEnvelope?: unknown } | undefined;
  return config?.errorEnvelope === 'anthropic' ? 'anthropic' : 'openai';
}

/** Fastify's own error codes, mapped to ours so the client always gets the envelope. */
function fromFastifyError(error: FastifyError): GatewayError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new GatewayError('GW_INVALID_JSON', `The request body is not valid JSON: ${error.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new GatewayError('GW_PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new GatewayError('GW_UNSUPPORTED_MEDIA_TYPE', "Send the body as JSON with 'Content-Type: application/json'.");
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new GatewayError('GW_INVALID_REQUEST', 'The Content-Length header does not match the body.');
    default:
      if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        return new GatewayError('GW_INVALID_REQUEST', error.message);
      }
      return new GatewayError('GW_INTERNAL', 'The gateway had an internal error; the request id identifies it in the logs.', { cause: error });
  }
}

/** Turn any error into a GatewayError. */
export function toGatewayError(error: unknown): GatewayError {
  if (isGatewayError(error)) return error;
  if (typeof error === 'object' && error !== null && 'code' in error) return fromFastifyError(error as FastifyError);
  return new GatewayError('GW_INTERNAL', 'The gateway had an internal error; the request id identifies it in the logs.', { cause: error });
}

/** Send a GatewayError as the OpenAI envelope with `retry-after` where retrying makes sense. */
export async function sendOpenAIError(reply: FastifyReply, error: GatewayError): Promise<void> {
  await sendErrorEnvelope(reply, error, 'openai');
}

/** Send a GatewayError in the chosen envelope (Anthropic's carries `request_id` and a `request-id` header). */
export async function sendErrorEnvelope(reply: FastifyReply, error: GatewayError, envelope: ErrorEnvelope): Promise<void> {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  // Stainless SDKs retry 408/409/429/5xx unless told not to; a non-retryable 5xx says so.
  if (error.status >= 500 && !error.retryable) reply.header('x-should-retry', 'false');
  const id = reply.request.id;
  const body = envelope === 'anthropic' ? encodeMessagesError(error, id) : envelope === 'console' ? encodeConsoleError(error, id) : encodeOpenAIError(error);
  if (envelope === 'anthropic') reply.header('request-id', id);
  await reply.code(error.status).type('application/json').send(JSON.stringify(body));
}

/** Fastify error handler: the OpenAI envelope, or the one the route's config names (`/v1/messages`: Anthropic's). */
export async function openAIErrorHandler(this: unknown, error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const gatewayError = toGatewayError(error);
  if (gatewayError.status >= 500) request.log.error({ err: error, code: gatewayError.code }, gatewayError.message);
  if (reply.sent || reply.raw.headersSent) return;
  await sendErrorEnvelope(reply, gatewayError, envelopeOf(request));
}
