import type { FakeDialect } from './fake-server.js';
import { startFakeServer } from './fake-server.js';
import { answerChat, openAIFrame } from './openai-chat.js';
import { answerCompletion, answerEmbeddings, answerModels } from './openai-misc.js';
import type { FakeUpstream, FakeUpstreamOptions } from './types.js';

/** OpenAI error `type` by status (wire-formats §2). */
function errorType(status: number): string {
  if (status === 429) return 'rate_limit_exceeded';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** The OpenAI dialect: Bearer auth, `{error:{message,type,param,code}}`, routes under `/v1`. */
const OPENAI_DIALECT: FakeDialect = {
  urlSuffix: '/v1',
  authorize: (headers, apiKey) => headers.authorization === `Bearer ${apiKey}`,
  errorBody: (status, message) => ({
    error: { message, type: errorType(status), param: null, code: status === 401 ? 'invalid_api_key' : null },
  }),
  streamErrorFrame: (type, message) => openAIFrame({ error: { message: message ?? 'The server had an error', type: type ?? 'server_error', param: null, code: null } }),
  route(request) {
    const key = `${request.method} ${request.path}`;
    if (key === 'POST /v1/chat/completions') return answerChat(request);
    if (key === 'POST /v1/completions') return answerCompletion(request);
    if (key === 'POST /v1/embeddings') return answerEmbeddings(request);
    if (key === 'GET /v1/models') return answerModels();
    return null;
  },
};

/** Start a fake OpenAI server on 127.0.0.1 (random port); `url` ends in `/v1`. */
export function startFakeOpenAIUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  return startFakeServer(OPENAI_DIALECT, options);
}
