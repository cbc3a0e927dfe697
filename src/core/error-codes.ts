/** Broad class of an error; each wire protocol maps a kind to its own type name. */
export type ErrorKind =
  | 'invalid_request'
  | 'authentication'
  | 'permission'
  | 'not_found'
  | 'payload_too_large'
  | 'rate_limit'
  | 'insufficient_balance'
  | 'upstream'
  | 'timeout'
  | 'overloaded'
  | 'server';

/** Static facts about one error code: its HTTP status, wire code, kind and retry class. */
export interface ErrorCodeInfo {
  /** HTTP status sent to the client. */
  readonly status: number;
  /** The `code` field of the wire envelope (snake_case, stable). */
  readonly wire: string;
  /** Broad class, mapped to a protocol's `type`. */
  readonly kind: ErrorKind;
  /** Whether a client may retry the same request unchanged. */
  readonly retryable: boolean;
}

/**
 * Every error code the gateway emits. Documented in docs/errors.md; a test checks the two agree.
 * Codes are stable: clients and dashboards match on them.
 */
export const ERROR_CODES = {
  GW_INVALID_JSON: { status: 400, wire: 'invalid_json', kind: 'invalid_request', retryable: false },
  GW_INVALID_REQUEST: { status: 400, wire: 'invalid_request', kind: 'invalid_request', retryable: false },
  GW_INVALID_VALUE: { status: 400, wire: 'invalid_value', kind: 'invalid_request', retryable: false },
  GW_MISSING_PARAMETER: { status: 400, wire: 'missing_required_parameter', kind: 'invalid_request', retryable: false },
  GW_UNSUPPORTED_PARAMETER: { status: 400, wire: 'unsupported_parameter', kind: 'invalid_request', retryable: false },
  GW_THREAD_UNSUPPORTED: { status: 400, wire: 'thread_unsupported_request', kind: 'invalid_request', retryable: false },
  GW_THREAD_NOT_FOUND: { status: 404, wire: 'thread_not_found', kind: 'not_found', retryable: false },
  GW_THREAD_ALREADY_CONTINUED: { status: 400, wire: 'thread_already_continued', kind: 'invalid_request', retryable: false },
  GW_THREAD_CONTINUE_IN_FLIGHT: { status: 400, wire: 'thread_continue_in_flight', kind: 'invalid_request', retryable: true },
  GW_THREAD_FINGERPRINT_MISMATCH: { status: 400, wire: 'thread_fingerprint_mismatch', kind: 'invalid_request', retryable: false },
  GW_UNSUPPORTED_MEDIA_TYPE: { status: 415, wire: 'unsupported_media_type', kind: 'invalid_request', retryable: false },
  GW_WRONG_MODEL_KIND: { status: 400, wire: 'model_not_supported_for_endpoint', kind: 'invalid_request', retryable: false },
  GW_CONTEXT_LENGTH_EXCEEDED: { status: 400, wire: 'context_length_exceeded', kind: 'invalid_request', retryable: false },
  GW_PAYLOAD_TOO_LARGE: { status: 413, wire: 'request_too_large', kind: 'payload_too_large', retryable: false },
  GW_ROUTE_NOT_FOUND: { status: 404, wire: 'unknown_url', kind: 'not_found', retryable: false },
  GW_METHOD_NOT_ALLOWED: { status: 405, wire: 'method_not_allowed', kind: 'invalid_request', retryable: false },
  GW_INVALID_URL: { status: 400, wire: 'invalid_url', kind: 'invalid_request', retryable: false },
  GW_URL_TOO_LONG: { status: 414, wire: 'url_too_long', kind: 'invalid_request', retryable: false },
  GW_HEADERS_TOO_LARGE: { status: 431, wire: 'request_headers_too_large', kind: 'invalid_request', retryable: false },
  GW_REQUEST_TIMEOUT: { status: 408, wire: 'request_timeout', kind: 'timeout', retryable: true },
  GW_BAD_HTTP: { status: 400, wire: 'invalid_http_request', kind: 'invalid_request', retryable: false },
  GW_SHUTTING_DOWN: { status: 503, wire: 'shutting_down', kind: 'overloaded', retryable: true },
  GW_MISSING_API_KEY: { status: 401, wire: 'missing_api_key', kind: 'authentication', retryable: false },
  GW_INVALID_API_KEY: { status: 401, wire: 'invalid_api_key', kind: 'authentication', retryable: false },
  GW_API_KEY_DISABLED: { status: 401, wire: 'api_key_disabled', kind: 'authentication', retryable: false },
  GW_API_KEY_EXPIRED: { status: 401, wire: 'api_key_expired', kind: 'authentication', retryable: false },
  GW_MODEL_NOT_FOUND: { status: 404, wire: 'model_not_found', kind: 'not_found', retryable: false },
  GW_MODEL_NOT_ALLOWED: { status: 403, wire: 'model_not_allowed', kind: 'permission', retryable: false },
  GW_INVALID_MODEL_MODIFIER: { status: 400, wire: 'invalid_model_modifier', kind: 'invalid_request', retryable: false },
  GW_MODEL_RETIRED: { status: 410, wire: 'model_retired', kind: 'not_found', retryable: false },
  GW_INSUFFICIENT_BALANCE: { status: 402, wire: 'insufficient_balance', kind: 'insufficient_balance', retryable: false },
  GW_PROJECT_BUDGET_EXCEEDED: { status: 402, wire: 'project_budget_exceeded', kind: 'insufficient_balance', retryable: false },
  GW_KEY_BUDGET_EXCEEDED: { status: 402, wire: 'key_budget_exceeded', kind: 'insufficient_balance', retryable: false },
  GW_RATE_LIMITED: { status: 429, wire: 'rate_limit_exceeded', kind: 'rate_limit', retryable: true },
  GW_METERING_UNAVAILABLE: { status: 503, wire: 'metering_unavailable', kind: 'overloaded', retryable: true },
  GW_RESPONSE_NOT_FOUND: { status: 404, wire: 'response_not_found', kind: 'not_found', retryable: false },
  GW_PREVIOUS_RESPONSE_NOT_FOUND: { status: 400, wire: 'previous_response_not_found', kind: 'invalid_request', retryable: false },
  GW_UPSTREAM_RATE_LIMITED: { status: 429, wire: 'upstream_rate_limited', kind: 'rate_limit', retryable: true },
  GW_UPSTREAM_ERROR: { status: 502, wire: 'upstream_error', kind: 'upstream', retryable: true },
  GW_UPSTREAM_BAD_REQUEST: { status: 400, wire: 'upstream_bad_request', kind: 'invalid_request', retryable: false },
  GW_UPSTREAM_BUSY: { status: 503, wire: 'upstream_busy', kind: 'overloaded', retryable: true },
  GW_UPSTREAM_UNAVAILABLE: { status: 503, wire: 'upstream_unavailable', kind: 'overloaded', retryable: true },
  GW_UPSTREAM_TIMEOUT: { status: 504, wire: 'upstream_timeout', kind: 'timeout', retryable: true },
  GW_UPSTREAM_CONNECT_FAILED: { status: 502, wire: 'upstream_connect_failed', kind: 'upstream', retryable: true },
  GW_UPSTREAM_INVALID_RESPONSE: { status: 502, wire: 'upstream_invalid_response', kind: 'upstream', retryable: true },
  GW_UPSTREAM_STREAM_FAILED: { status: 502, wire: 'upstream_stream_failed', kind: 'upstream', retryable: false },
  GW_OVERLOADED: { status: 503, wire: 'overloaded', kind: 'overloaded', retryable: true },
  GW_METRICS_TOKEN_INVALID: { status: 401, wire: 'invalid_metrics_token', kind: 'authentication', retryable: false },
  CONSOLE_UNAUTHENTICATED: { status: 401, wire: 'unauthenticated', kind: 'authentication', retryable: false },
  CONSOLE_INVALID_CREDENTIALS: { status: 401, wire: 'invalid_credentials', kind: 'authentication', retryable: false },
  CONSOLE_INFERENCE_KEY_REFUSED: { status: 401, wire: 'inference_key_not_accepted', kind: 'authentication', retryable: false },
  CONSOLE_CSRF_HEADER_MISSING: { status: 403, wire: 'csrf_header_missing', kind: 'permission', retryable: false },
  CONSOLE_FORBIDDEN: { status: 403, wire: 'forbidden', kind: 'permission', retryable: false },
  CONSOLE_NOT_FOUND: { status: 404, wire: 'not_found', kind: 'not_found', retryable: false },
  CONSOLE_CONFLICT: { status: 409, wire: 'conflict', kind: 'invalid_request', retryable: false },
  CONSOLE_UNKNOWN_FIELD: { status: 400, wire: 'unknown_field', kind: 'invalid_request', retryable: false },
  CONSOLE_TOO_MANY_ATTEMPTS: { status: 429, wire: 'too_many_attempts', kind: 'rate_limit', retryable: true },
  CONSOLE_PAYMENT_PROVIDER_FAILED: { status: 502, wire: 'payment_provider_error', kind: 'upstream', retryable: true },
  CONSOLE_WEBHOOK_SIGNATURE_INVALID: { status: 400, wire: 'invalid_webhook_signature', kind: 'invalid_request', retryable: false },
  GW_INTERNAL: { status: 500, wire: 'internal_error', kind: 'server', retryable: true },
} as const satisfies Record<string, ErrorCodeInfo>;

/** A stable gateway error code such as `GW_INVALID_API_KEY`. */
export type ErrorCode = keyof typeof ERROR_CODES;
