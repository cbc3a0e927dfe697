import type { ProviderConfig } from '../../config/catalogue-types.js';
import { createUpstreamClient, type ConnectionGate, forwardRaw, jsonBody, sseEventStream } from '../http/index.js';
import type { Provider, ProviderCallContext, WireFormat } from '../provider.js';
import { convertRequest } from './convert-request.js';
import { convertRerankRequest, convertRerankResponse } from './convert-rerank.js';
import { convertResponse } from './convert-response.js';
import { OpenAIStreamConverter } from './convert-stream.js';

/** Upstream path for each format this provider forwards. */
const PATHS: Partial<Record<WireFormat, string>> = {
  'openai-chat': '/chat/completions',
  'openai-completions': '/completions',
  'openai-embeddings': '/embeddings',
};

/** Largest non-streaming response body read. */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * Any OpenAI-compatible server (OpenAI, vLLM, llama.cpp, Ollama, TGI, Together ...). Requests in an
 * OpenAI format are forwarded unchanged (the passthrough fast path keeps unknown fields); other
 * client formats (Messages, Responses) come through the IR as chat completions. `rerank` posts the
 * Cohere/Jina shape to `/rerank` (vLLM, TEI-compatible routers, Jina, Cohere-compatible servers).
 */
export function createOpenAIProvider(config: ProviderConfig, gate: ConnectionGate | null = null): Provider {
  if (config.baseUrl === null) throw new Error(`provider ${config.id}: an openai provider needs a baseUrl`);
  const providerId = config.id;
  const client = createUpstreamClient({
    providerId,
    baseUrl: config.baseUrl,
    headers: { ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}), ...config.headers },
    timeouts: config.timeouts,
    maxConnections: config.maxConnections,
    queueTimeoutMs: config.queueTimeoutMs,
    gate,
  });
  const postText = async (path: string, body: unknown, context: ProviderCallContext): Promise<string> =>
    (await client.postJsonText(path, jsonBody(body), { signal: context.signal, requestId: context.requestId, headers: context.headers, maxBytes: MAX_RESPONSE_BYTES })).text;

  return {
    id: providerId,
    type: 'openai',
    passthrough: new Set<WireFormat>(['openai-chat', 'openai-completions', 'openai-embeddings']),
    async chat(request, context) {
      const plan = convertRequest(request, { stream: false });
      return convertResponse(providerId, await postText('/chat/completions', plan.body, context));
    },
    async streamChat(request, context) {
      const plan = convertRequest(request, { stream: true });
      const res = await client.postJsonStream('/chat/completions', jsonBody(plan.body), { signal: context.signal, requestId: context.requestId, headers: context.headers });
      return sseEventStream(res.body, new OpenAIStreamConverter({ providerId, warnings: plan.warnings, signal: context.signal }), context.signal);
    },
    async rerank(request, context) {
      return convertRerankResponse(providerId, await postText('/rerank', convertRerankRequest(request), context));
    },
    async forward(request, context) {
      const path = PATHS[request.format];
      if (path === undefined) throw new Error(`provider ${providerId} cannot forward ${request.format}`);
      return forwardRaw(client, path, request, context, MAX_RESPONSE_BYTES);
    },
    close: () => client.close(),
  };
}
