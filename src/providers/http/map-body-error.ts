import type { GatewayError } from '../../core/errors.js';
import { isJsonObject, safeParseJson, type JsonObject } from '../../core/json.js';
import { mapUpstreamStatus } from './map-upstream-status.js';

/** HTTP status each error `type` / `code` of the OpenAI and Anthropic envelopes stands for. */
const STATUS_OF_TYPE: ReadonlyMap<string, number> = new Map([
  ['invalid_request_error', 400],
  ['context_length_exceeded', 400],
  ['authentication_error', 401],
  ['invalid_api_key', 401],
  ['permission_error', 403],
  ['not_found_error', 404],
  ['request_too_large', 413],
  ['rate_limit_error', 429],
  ['rate_limit_exceeded', 429],
  ['insufficient_quota', 429],
  ['api_error', 500],
  ['server_error', 500],
  ['overloaded_error', 529],
]);

/**
 * The upstream's error object when a 2xx body (a JSON answer, or the data of a stream's first
 * event) is an error envelope instead of an answer (`{"error": {...}}`, Anthropic's
 * `{"type": "error", "error": {...}}`), else null. Cheap when there is no error: the text is
 * parsed only when it contains `"error"`.
 */
export function errorInBody(text: string): JsonObject | null {
  if (!text.includes('"error"')) return null;
  const parsed = safeParseJson(text);
  if (!parsed.ok || !isJsonObject(parsed.value)) return null;
  const body = parsed.value;
  const error = body.error;
  if (error === undefined || error === null || error === false) return null;
  // An answer that also carries choices or content is an answer (some servers add `error: null`-like fields).
  if (body.choices !== undefined || body.content !== undefined || body.data !== undefined) return null;
  return body;
}

/**
 * Turn an error envelope sent with a 2xx status into the GatewayError its own status would have
 * given, so it is classified (retried, failed over, or answered) like a non-2xx answer. The status
 * comes from a numeric `error.code` (OpenRouter) or the error's `type`/`code` (OpenAI, Anthropic);
 * an error that names none is taken as the upstream's own failure (500).
 */
export function mapBodyError(providerId: string, envelope: JsonObject): GatewayError {
  const error = envelope.error;
  let status = 500;
  if (isJsonObject(error)) {
    const code = error.code;
    if (typeof code === 'number' && code >= 400 && code < 600) status = code;
    else status = (typeof code === 'string' ? STATUS_OF_TYPE.get(code) : undefined) ?? (typeof error.type === 'string' ? STATUS_OF_TYPE.get(error.type) : undefined) ?? 500;
  }
  return mapUpstreamStatus(providerId, status, {}, JSON.stringify(envelope));
}
