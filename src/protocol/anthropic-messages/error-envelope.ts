import type { ErrorKind } from '../../core/error-codes.js';
import type { GatewayError } from '../../core/errors.js';

/** Anthropic `error.type` for each error kind (wire-formats §5.5). */
const TYPES: Readonly<Record<ErrorKind, string>> = {
  invalid_request: 'invalid_request_error',
  authentication: 'authentication_error',
  permission: 'permission_error',
  not_found: 'not_found_error',
  payload_too_large: 'request_too_large',
  rate_limit: 'rate_limit_error',
  insufficient_balance: 'billing_error',
  upstream: 'api_error',
  timeout: 'timeout_error',
  overloaded: 'overloaded_error',
  server: 'api_error',
};

/** The Anthropic error envelope; `error.code` and `error.param` are the gateway's own extras. */
export interface MessagesErrorBody {
  type: 'error';
  error: { type: string; message: string; code: string; param: string | null; details?: { error_code: string; unsupported: string[] } };
  request_id: string;
}

/** Encode a GatewayError as the Anthropic envelope `{"type":"error","error":{type,message},"request_id"}`. */
export function encodeMessagesError(error: GatewayError, requestId: string): MessagesErrorBody {
  return {
    type: 'error',
    error: {
      type: TYPES[error.kind],
      message: error.message,
      code: error.wireCode,
      param: error.param,
      // The form Anthropic's API refuses a thread in; the 1.x SDK's thread state reads it.
      ...(error.code === 'GW_THREAD_UNSUPPORTED' ? { details: { error_code: error.wireCode, unsupported: [error.param ?? 'thread'] } } : {}),
    },
    request_id: requestId,
  };
}
