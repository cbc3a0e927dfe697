import type { RetryableFailure } from '../../config/catalogue-types.js';
import { isGatewayError } from '../../core/errors.js';
import { upstreamStatusOf } from '../../providers/http/index.js';

/**
 * What a failed attempt means for routing: a retryable class (`connect`, `timeout`, `rate_limit`,
 * `server_error`), `credential` (401/403: this key is refused, the next one may not be),
 * `context_length` (the prompt is too long for this model, not worth retrying on it), or `final`
 * (the client's mistake, a content-policy refusal, admission, a client abort: answer it as it is).
 */
export type FailureClass = RetryableFailure | 'credential' | 'context_length' | 'final';

/** Classify an error thrown by a provider call before its first byte. */
export function classifyFailure(error: unknown): FailureClass {
  if (!isGatewayError(error)) return 'final';
  const status = upstreamStatusOf(error)?.upstreamStatus;
  if (status !== undefined) {
    if (status === 401 || status === 403) return 'credential';
    if (status === 429) return 'rate_limit';
    if (status === 408 || status === 504) return 'timeout';
    if (status >= 500) return 'server_error';
    return error.code === 'GW_CONTEXT_LENGTH_EXCEEDED' ? 'context_length' : 'final';
  }
  switch (error.code) {
    case 'GW_CONTEXT_LENGTH_EXCEEDED':
      return 'context_length';
    case 'GW_UPSTREAM_CONNECT_FAILED':
      return 'connect';
    // Without an upstream status this is the transport: a connection reset before the answer.
    case 'GW_UPSTREAM_ERROR':
      return 'connect';
    case 'GW_UPSTREAM_TIMEOUT':
      return 'timeout';
    case 'GW_UPSTREAM_RATE_LIMITED':
      return 'rate_limit';
    case 'GW_UPSTREAM_UNAVAILABLE':
    case 'GW_UPSTREAM_INVALID_RESPONSE':
      return 'server_error';
    default:
      return 'final';
  }
}
