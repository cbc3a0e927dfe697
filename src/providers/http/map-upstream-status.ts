import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import { parseRetryAfter } from './parse-retry-after.js';

/**
 * The upstream's answer behind a status error, kept as the GatewayError's `cause` (logged, never
 * sent): the router classifies failures by it (401/403 take a credential out, 429 cools it down).
 */
export interface UpstreamStatusCause {
  /** The upstream HTTP status. */
  readonly upstreamStatus: number;
  /** The upstream's machine code (`error.code`, or `error.type`), or null. */
  readonly upstreamCode: string | null;
  /** Milliseconds the upstream asked to wait (`retry-after`), or null. */
  readonly retryAfterMs: number | null;
}

/** The status cause of an upstream error, or null for other errors (transport, timeouts). */
export function upstreamStatusOf(error: { readonly cause?: unknown }): UpstreamStatusCause | null {
  const cause = error.cause;
  return typeof cause === 'object' && cause !== null && 'upstreamStatus' in cause ? (cause as UpstreamStatusCause) : null;
}

/** Upstream messages that mean the prompt does not fit the model's context window. */
const CONTEXT_LENGTH = /context[ _-]?length|context window|maximum context|prompt is too long|too many (input )?tokens/i;

/** Longest upstream error message relayed to the client. */
const MAX_MESSAGE = 500;

/**
 * Turn a non-2xx upstream answer into a GatewayError (openai-node's status ladder). The upstream's
 * own message is relayed for 4xx (it explains the client's mistake); an upstream 401/403 means
 * our credential is wrong, which is the operator's problem, not the client's, so it becomes a 502.
 */
export function mapUpstreamStatus(
  providerId: string,
  status: number,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  bodyText: string,
): GatewayError {
  const { message: detail, code: upstreamCode } = extractMessage(bodyText);
  const retryAfterSeconds = parseRetryAfter(headers);
  const retryAfterMs = parseRetryAfterMs(headers);
  const cause: UpstreamStatusCause = { upstreamStatus: status, upstreamCode, retryAfterMs };
  const suffix = detail ? `: ${detail}` : '';
  if (status === 429) {
    return new GatewayError('GW_UPSTREAM_RATE_LIMITED', `The upstream ${providerId} is rate limiting requests${suffix}`, {
      retryAfterSeconds: retryAfterSeconds ?? 1,
      cause,
    });
  }
  if (status === 408) return new GatewayError('GW_UPSTREAM_TIMEOUT', `The upstream ${providerId} timed out${suffix}`, { cause });
  if (status === 401 || status === 403) {
    return new GatewayError('GW_UPSTREAM_ERROR', `The upstream ${providerId} refused the gateway's credentials (HTTP ${status})`, { cause });
  }
  if (status === 413) return new GatewayError('GW_PAYLOAD_TOO_LARGE', `The upstream ${providerId} refused the request as too large${suffix}`, { cause });
  if (status === 400 && (upstreamCode === 'context_length_exceeded' || CONTEXT_LENGTH.test(detail))) {
    return new GatewayError('GW_CONTEXT_LENGTH_EXCEEDED', `The upstream ${providerId} rejected the request${suffix}`, { cause });
  }
  if (status >= 400 && status < 500) {
    return new GatewayError('GW_UPSTREAM_BAD_REQUEST', `The upstream ${providerId} rejected the request${suffix}`, { status: status === 404 ? 400 : status === 422 ? 400 : status, cause });
  }
  if (status === 503 || status === 529) {
    return new GatewayError('GW_UPSTREAM_UNAVAILABLE', `The upstream ${providerId} is overloaded or unavailable${suffix}`, {
      retryAfterSeconds: retryAfterSeconds ?? 1,
      cause,
    });
  }
  if (status === 504) return new GatewayError('GW_UPSTREAM_TIMEOUT', `The upstream ${providerId} timed out${suffix}`, { cause });
  return new GatewayError('GW_UPSTREAM_ERROR', `The upstream ${providerId} failed with HTTP ${status}${suffix}`, {
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    cause,
  });
}

/** `retry-after` in milliseconds (fractions of `retry-after-ms` kept), or null. */
function parseRetryAfterMs(headers: Readonly<Record<string, string | string[] | undefined>>): number | null {
  const ms = Number(Array.isArray(headers['retry-after-ms']) ? headers['retry-after-ms'][0] : headers['retry-after-ms']);
  if (headers['retry-after-ms'] !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = parseRetryAfter(headers);
  return seconds === undefined ? null : seconds * 1000;
}

/** Pull `error.message` and `error.code` (OpenAI and Anthropic envelopes) or plain text out of an error body. */
function extractMessage(bodyText: string): { message: string; code: string | null } {
  const parsed = safeParseJson(bodyText);
  if (parsed.ok && isJsonObject(parsed.value)) {
    const err = parsed.value.error;
    if (isJsonObject(err)) {
      const code = typeof err.code === 'string' ? err.code : typeof err.type === 'string' ? err.type : null;
      if (typeof err.message === 'string') return { message: clip(err.message), code };
    }
    if (typeof err === 'string') return { message: clip(err), code: null };
    if (typeof parsed.value.message === 'string') return { message: clip(parsed.value.message), code: null };
    if (typeof parsed.value.detail === 'string') return { message: clip(parsed.value.detail), code: null };
  }
  return { message: clip(bodyText.trim()), code: null };
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}
