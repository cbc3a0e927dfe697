/** Prices of every chat model of {@link matrixCatalogue}, USD per million tokens, for cost assertions. */
export const MATRIX_PRICES: Readonly<Record<string, { readonly input: string; readonly output: string }>> = {
  'acme/chat': { input: '0.15', output: '0.60' },
  'anthropic/claude-test': { input: '3.00', output: '15.00' },
  'sim/chat': { input: '0.50', output: '1.50' },
};

/**
 * A catalogue with one chat model per upstream kind (fake OpenAI, fake Anthropic, the built-in sim)
 * and sim rerank models priced per search unit and per token: the translation-matrix fixture.
 */
export function matrixCatalogue(urls: { openai: string; anthropic: string }): string {
  const t = '{connectMs: 1000, headersMs: 2000, idleMs: 2000}';
  const caps = '{tools: true, jsonObject: true, jsonSchema: true, vision: true, streaming: true, reasoning: true}';
  const chat = (id: string, provider: string, upstream: string): string => `
  - id: ${id}
    kind: chat
    contextLength: 200000
    maxOutputTokens: 8000
    defaultMaxOutputTokens: 1000
    capabilities: ${caps}
    pricing: {input: "${MATRIX_PRICES[id]!.input}", output: "${MATRIX_PRICES[id]!.output}"}
    provider: ${provider}
    upstreamModel: ${upstream}`;
  return `
providers:
  - id: up
    type: openai
    baseUrl: ${urls.openai}
    apiKeyEnv: UP_KEY
    timeouts: ${t}
  - id: claude
    type: anthropic
    baseUrl: ${urls.anthropic}
    apiKeyEnv: ANT_KEY
    timeouts: ${t}
  - id: sim
    type: sim
models:${chat('acme/chat', 'up', 'upstream-chat-v1')}${chat('anthropic/claude-test', 'claude', 'claude-upstream-1')}${chat('sim/chat', 'sim', 'sim-chat-1')}
  - id: cohere/rerank-test
    kind: rerank
    contextLength: 4096
    pricing: {searchUnit: "2000.00"}
    provider: sim
  - id: jina/jina-reranker-test
    kind: rerank
    contextLength: 4096
    pricing: {input: "0.02"}
    provider: sim
`;
}
