import type { ProviderConfig } from '../../catalog/types.js';
import { createUpstreamClient } from '../http/index.js';
import type { Provider, WireFormat } from '../provider.js';

/** Upstream path for each format this provider forwards. */
const PATHS: Partial<Record<WireFormat, string>> = {
  'openai-chat': '/chat/completions',
  'openai-completions': '/completions',
  'openai-embeddings': '/embeddings',
};

/**
 * Any OpenAI-compatible server (OpenAI, vLLM, llama.cpp, Ollama, TGI, Together ...). Requests in an
 * OpenAI format are forwarded unchanged (the passthrough fast path keeps unknown fields); the gateway
 * has already rewritten `model` and asked for usage.
 */
export function createOpenAIProvider(config: ProviderConfig): Provider {
  if (config.baseUrl === null) throw new Error(`provider ${config.id}: an openai provider needs a baseUrl`);
  const client = createUpstreamClient({
    providerId: config.id,
    baseUrl: config.baseUrl,
    headers: { ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}), ...config.headers },
    timeouts: config.timeouts,
  });
  return {
    id: config.id,
    type: 'openai',
    passthrough: new Set<WireFormat>(['openai-chat', 'openai-completions', 'openai-embeddings']),
    async forward(request, context) {
      const path = PATHS[request.format];
      if (path === undefined) throw new Error(`provider ${config.id} cannot forward ${request.format}`);
      const res = await client.postJson(path, request.body, { signal: context.signal, requestId: context.requestId });
      const contentType = res.headers['content-type'];
      return { status: res.status, contentType: typeof contentType === 'string' ? contentType : '', body: res.body };
    },
    close: () => client.close(),
  };
}
