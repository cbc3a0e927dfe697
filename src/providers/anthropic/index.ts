import type { ProviderConfig } from '../../config/catalogue-types.js';
import { createUpstreamClient, type ConnectionGate, forwardRaw, jsonBody, sseEventStream } from '../http/index.js';
import type { Provider, WireFormat } from '../provider.js';
import { convertRequest } from './convert-request.js';
import { convertResponse, parseMessage } from './convert-response.js';
import { AnthropicStreamConverter } from './convert-stream.js';

/** Messages API version sent upstream; the request and response mapping follow it. */
export const ANTHROPIC_VERSION = '2023-06-01';

/** Largest non-streaming response body read (a misbehaving upstream cannot exhaust memory). */
const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** Upstream path of the Messages API; the configured base URL excludes `/v1`. */
const MESSAGES_PATH = '/v1/messages';

/**
 * The Anthropic Messages upstream: chat requests are translated through the IR; Anthropic-format
 * client bodies are forwarded unchanged (`forward`). Non-streaming responses carry no warnings
 * field in the IR, so dropped-parameter warnings reach the client on streams only.
 */
export function createAnthropicProvider(config: ProviderConfig, gate: ConnectionGate | null = null): Provider {
  if (config.baseUrl === null) throw new Error(`provider ${config.id}: an anthropic provider needs a baseUrl`);
  const providerId = config.id;
  const client = createUpstreamClient({
    providerId,
    baseUrl: config.baseUrl,
    headers: { ...(config.apiKey ? { 'x-api-key': config.apiKey } : {}), 'anthropic-version': ANTHROPIC_VERSION, ...config.headers },
    timeouts: config.timeouts,
    maxConnections: config.maxConnections,
    queueTimeoutMs: config.queueTimeoutMs,
    gate,
  });

  return {
    id: providerId,
    type: 'anthropic',
    passthrough: new Set<WireFormat>(['anthropic-messages']),
    async chat(request, context) {
      const plan = convertRequest(request, { stream: false });
      const { text } = await client.postJsonText(MESSAGES_PATH, jsonBody(plan.body), { signal: context.signal, requestId: context.requestId, headers: context.headers, maxBytes: MAX_RESPONSE_BYTES });
      return convertResponse(parseMessage(providerId, text), { jsonMode: plan.jsonMode });
    },
    async streamChat(request, context) {
      const plan = convertRequest(request, { stream: true });
      const res = await client.postJsonStream(MESSAGES_PATH, jsonBody(plan.body), { signal: context.signal, requestId: context.requestId, headers: context.headers });
      const converter = new AnthropicStreamConverter({ providerId, jsonMode: plan.jsonMode, warnings: plan.warnings, signal: context.signal });
      return sseEventStream(res.body, converter, context.signal);
    },
    async forward(request, context) {
      if (request.format !== 'anthropic-messages') throw new Error(`provider ${providerId} cannot forward ${request.format}`);
      return forwardRaw(client, MESSAGES_PATH, request, context, MAX_RESPONSE_BYTES);
    },
    close: () => client.close(),
  };
}
