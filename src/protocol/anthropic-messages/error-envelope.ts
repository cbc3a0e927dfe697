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
  error: { type: string; message: string; code: string; param: string | null; details?: { error_code: string } };
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
      // The form Anthropic's API refuses a thread request in: the 1.x SDK picks its error class and
      // its thread state's recovery (replay under a new thread ...) by `details.error_code`.
      ...(error.code.startsWith('GW_THREAD_') ? { details: { error_code: error.wireCode } } : {}),
    },
    request_id: requestId,
  };
}
