/**
 * The conformance suite's catalogue: for every endpoint one model per upstream kind (a fake
 * OpenAI-compatible server, a fake Anthropic server, the built-in sim), each with an upstream name
 * unlike its catalogue id so answers that leak the upstream's name are caught, and a model with
 * pinned versions.
 */
export function conformanceCatalogue(urls: { openai: string; anthropic: string }): string {
  const t = '{connectMs: 1000, headersMs: 3000, idleMs: 3000}';
  const chat = (id: string, provider: string, upstream: string, caps = '{tools: true, jsonObject: true, jsonSchema: true, vision: true, streaming: true, reasoning: true}') => `
  - id: ${id}
    kind: chat
    contextLength: 200000
    maxOutputTokens: 8000
    defaultMaxOutputTokens: 1000
    capabilities: ${caps}
    pricing: {input: "1.00", output: "3.00"}
    provider: ${provider}
    upstreamModel: ${upstream}`;
  const other = (id: string, kind: string, provider: string, upstream: string, extra = '') => `
  - id: ${id}
    kind: ${kind}
    contextLength: 8000
    pricing: {input: "0.50", output: "1.00"}
    provider: ${provider}
    upstreamModel: ${upstream}${extra}`;
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
models:${chat('conf/openai', 'up', 'internal-openai-name')}${chat('conf/claude', 'claude', 'internal-claude-name')}${chat('conf/sim', 'sim', 'internal-sim-name')}${chat('conf/plain', 'sim', 'internal-plain-name', '{tools: true, jsonObject: true, jsonSchema: false, streaming: true}')}
  - id: conf/versioned
    kind: chat
    contextLength: 32000
    maxOutputTokens: 4000
    defaultMaxOutputTokens: 500
    capabilities: {tools: true, streaming: true}
    pricing: {input: "1.00", output: "2.00"}
    versions:
      - {version: 2024-08-06, provider: sim, upstreamModel: internal-0806}
      - {version: 2024-11-20, provider: sim, upstreamModel: internal-1120}
    defaultVersion: 2024-11-20${other('conf/embed-openai', 'embedding', 'up', 'internal-embed-openai', `
    embedding: {dimensions: 8, adjustableDimensions: true}`)}${other('conf/embed-sim', 'embedding', 'sim', 'internal-embed-sim', `
    embedding: {dimensions: 8, adjustableDimensions: true}`)}${other('conf/complete-openai', 'completion', 'up', 'internal-complete-openai', `
    maxOutputTokens: 1000
    defaultMaxOutputTokens: 100`)}${other('conf/complete-sim', 'completion', 'sim', 'internal-complete-sim', `
    maxOutputTokens: 1000
    defaultMaxOutputTokens: 100`)}
`;
}
