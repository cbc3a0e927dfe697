import { GatewayError } from '../../core/errors.js';

/** The upstream answered 2xx with a body we cannot read. */
export function createInvalidResponseError(providerId: string, detail: string, cause?: unknown): GatewayError {
  return new GatewayError('GW_UPSTREAM_INVALID_RESPONSE', `The upstream ${providerId} sent an invalid response: ${detail}`, {
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * An `event: error` inside a 200 stream (wire-formats §5.4). `overloaded_error` keeps its meaning
 * (unavailable, retryable elsewhere); every other type is a failed stream.
 */
export function createStreamEventError(providerId: string, errorType: string, message: string | null | undefined): GatewayError {
  const text = `The upstream ${providerId} failed mid-stream (${errorType})${message ? `: ${message}` : ''}`;
  if (errorType === 'overloaded_error') return new GatewayError('GW_UPSTREAM_UNAVAILABLE', text, { retryAfterSeconds: 1 });
  return new GatewayError('GW_UPSTREAM_STREAM_FAILED', text);
}

/** The stream broke off: the body ended early, the socket reset, or the upstream went silent. */
export function createStreamBrokenError(providerId: string, detail: string, cause?: unknown): GatewayError {
  return new GatewayError('GW_UPSTREAM_STREAM_FAILED', `The upstream ${providerId} stream broke off: ${detail}`, {
    ...(cause === undefined ? {} : { cause }),
  });
}
