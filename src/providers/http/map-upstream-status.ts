import { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson } from '../../core/json.js';
import { parseRetryAfter } from './parse-retry-after.js';

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
  const detail = extractMessage(bodyText);
  const retryAfterSeconds = parseRetryAfter(headers);
  const suffix = detail ? `: ${detail}` : '';
  if (status === 429) {
    return new GatewayError('GW_UPSTREAM_RATE_LIMITED', `The upstream ${providerId} is rate limiting requests${suffix}`, {
      retryAfterSeconds: retryAfterSeconds ?? 1,
    });
  }
  if (status === 408) return new GatewayError('GW_UPSTREAM_TIMEOUT', `The upstream ${providerId} timed out${suffix}`);
  if (status === 401 || status === 403) {
    return new GatewayError('GW_UPSTREAM_ERROR', `The upstream ${providerId} refused the gateway's credentials (HTTP ${status})`);
  }
  if (status === 413) return new GatewayError('GW_PAYLOAD_TOO_LARGE', `The upstream ${providerId} refused the request as too large${suffix}`);
  if (status >= 400 && status < 500) {
    return new GatewayError('GW_UPSTREAM_BAD_REQUEST', `The upstream ${providerId} rejected the request${suffix}`, { status: status === 404 ? 400 : status === 422 ? 400 : status });
  }
  if (status === 503 || status === 529) {
    return new GatewayError('GW_UPSTREAM_UNAVAILABLE', `The upstream ${providerId} is overloaded or unavailable${suffix}`, {
      retryAfterSeconds: retryAfterSeconds ?? 1,
    });
  }
  if (status === 504) return new GatewayError('GW_UPSTREAM_TIMEOUT', `The upstream ${providerId} timed out${suffix}`);
  return new GatewayError('GW_UPSTREAM_ERROR', `The upstream ${providerId} failed with HTTP ${status}${suffix}`, {
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  });
}

/** Pull `error.message` (OpenAI and Anthropic envelopes) or plain text out of an error body. */
function extractMessage(bodyText: string): string {
  const parsed = safeParseJson(bodyText);
  if (parsed.ok && isJsonObject(parsed.value)) {
    const err = parsed.value.error;
    if (isJsonObject(err) && typeof err.message === 'string') return clip(err.message);
    if (typeof err === 'string') return clip(err);
    if (typeof parsed.value.message === 'string') return clip(parsed.value.message);
    if (typeof parsed.value.detail === 'string') return clip(parsed.value.detail);
  }
  return clip(bodyText.trim());
}

function clip(text: string): string {
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}
