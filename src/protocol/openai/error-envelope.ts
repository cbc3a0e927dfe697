import type { ErrorKind } from '../../core/error-codes.js';
import type { GatewayError } from '../../core/errors.js';

/** OpenAI error `type` for each error kind (wire-formats §2). */
const TYPES: Record<ErrorKind, string> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  not_found: 'invalid_request_error',
  payload_too_large: 'invalid_request_error',
  rate_limit: 'rate_limit_error',
  insufficient_balance: 'insufficient_quota',
  upstream: 'upstream_error',
  timeout: 'timeout_error',
  overloaded: 'server_error',
  server: 'server_error',
};

/** The OpenAI error envelope `{error: {message, type, param, code}}`. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string };
}

/** Encode a GatewayError as the OpenAI error envelope. */
export function encodeOpenAIError(error: GatewayError): OpenAIErrorBody {
  return { error: { message: error.message, type: TYPES[error.kind], param: error.param, code: error.wireCode } };
}
