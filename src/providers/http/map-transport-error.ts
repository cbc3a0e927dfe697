import { GatewayError, isGatewayError } from '../../core/errors.js';
import type { CallSignal } from '../provider.js';

/** Undici error codes that mean the connection could not be made. */
const CONNECT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Turn an error thrown by undici (or the body reader) into a GatewayError. An abort caused by the
 * client is re-thrown as is: nobody is listening for an answer.
 */
export function mapTransportError(providerId: string, error: unknown, signal: CallSignal): unknown {
  if (isGatewayError(error)) return error;
  if (signal.aborted) return signal.reason ?? error;
  const code = errorCode(error);
  if (code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new GatewayError('GW_UPSTREAM_TIMEOUT', `The upstream ${providerId} did not answer in time`, { cause: error });
  }
  if (code === 'UND_ERR_BODY_TIMEOUT') {
    return new GatewayError('GW_UPSTREAM_TIMEOUT', `The upstream ${providerId} stopped sending data`, { cause: error });
  }
  if (code !== undefined && CONNECT_CODES.has(code)) {
    return new GatewayError('GW_UPSTREAM_CONNECT_FAILED', `Could not connect to the upstream ${providerId}`, {
      cause: error,
      retryAfterSeconds: 1,
    });
  }
  return new GatewayError('GW_UPSTREAM_ERROR', `The connection to the upstream ${providerId} failed`, { cause: error });
}

/** What went wrong with a connection, in words, for a stream that broke off (the message of {@link mapTransportError}'s error). */
export function transportFailureDetail(providerId: string, error: unknown, signal: CallSignal): string {
  const mapped = mapTransportError(providerId, error, signal);
  return mapped instanceof Error ? mapped.message : 'the connection failed';
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
