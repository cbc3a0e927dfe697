import { anthropicFrame, answerMessages } from './anthropic-messages.js';
import type { FakeDialect } from './fake-server.js';
import { startFakeServer } from './fake-server.js';
import { FAKE_CREATED } from './reply-helpers.js';
import type { FakeUpstream, FakeUpstreamOptions } from './types.js';

/** Anthropic `error.type` by status (wire-formats §5.5). */
const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  504: 'timeout_error',
  529: 'overloaded_error',
};

function errorType(status: number): string {
  return ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

/** The Anthropic dialect: `x-api-key` or Bearer auth, `{type:"error",error:{type,message}}`, routes under `/v1`. */
const ANTHROPIC_DIALECT: FakeDialect = {
  urlSuffix: '',
  authorize: (headers, apiKey) => headers['x-api-key'] === apiKey || headers.authorization === `Bearer ${apiKey}`,
  errorBody: (status, message) => ({ type: 'error', error: { type: errorType(status), message }, request_id: 'req_fake' }),
  streamErrorFrame: (type, message) =>
    anthropicFrame('error', { error: { type: type ?? 'overloaded_error', message: message ?? 'Overloaded' } }),
  route(request) {
    const key = `${request.method} ${request.path}`;
    if (key === 'POST /v1/messages') return answerMessages(request);
    if (key === 'GET /v1/models') {
      const data = [{ type: 'model', id: 'fake-claude', display_name: 'Fake Claude', created_at: new Date(FAKE_CREATED * 1000).toISOString() }];
      return { kind: 'json', body: { data, has_more: false, first_id: 'fake-claude', last_id: 'fake-claude' } };
    }
    return null;
  },
};

/** Start a fake Anthropic server on 127.0.0.1 (random port); `url` has no `/v1` (the SDKs add it). */
export function startFakeAnthropicUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  return startFakeServer(ANTHROPIC_DIALECT, options);
}
