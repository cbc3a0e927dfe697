import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayError, isGatewayError } from '../../core/errors.js';

/** The console's one error envelope. */
export interface ConsoleErrorBody {
  /** The error. */
  readonly error: {
    /** Stable snake_case code (docs/errors.md). */
    readonly code: string;
    /** Human-readable, safe to show. */
    readonly message: string;
    /** The field at fault (`name`, `query.limit`), or null. */
    readonly param: string | null;
    /** The request id (`req_...`), also in `x-request-id`. */
    readonly request_id: string;
  };
}

/** Encode an error as the console envelope. */
export function encodeConsoleError(error: GatewayError, requestId: string): ConsoleErrorBody {
  return { error: { code: error.wireCode, message: error.message, param: error.param, request_id: requestId } };
}

/** Error handler of the console scope: every error leaves as the console envelope. */
export async function consoleErrorHandler(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const consoleError = toConsoleError(error);
  if (consoleError.status >= 500) request.log.error({ err: error, code: consoleError.code }, consoleError.message);
  if (reply.sent) return;
  if (consoleError.retryAfterSeconds !== undefined) void reply.header('retry-after', String(consoleError.retryAfterSeconds));
  await reply.code(consoleError.status).type('application/json').send(encodeConsoleError(consoleError, request.id));
}

/**
 * Map Fastify's own errors (body parsing, size) to our codes. Duplicated from server/ on purpose:
 * console/ sits below server/ and may not import it.
 */
function toConsoleError(error: unknown): GatewayError {
  if (isGatewayError(error)) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const statusCode = typeof error === 'object' && error !== null && 'statusCode' in error ? Number(error.statusCode) : 500;
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new GatewayError('GW_INVALID_JSON', `The request body is not valid JSON: ${message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new GatewayError('GW_PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new GatewayError('GW_UNSUPPORTED_MEDIA_TYPE', "Send the body as JSON with 'Content-Type: application/json'.");
    default:
      if (statusCode >= 400 && statusCode < 500) return new GatewayError('GW_INVALID_REQUEST', message);
      return new GatewayError('GW_INTERNAL', 'The console API had an internal error; the request id identifies it in the logs.', { cause: error });
  }
}
