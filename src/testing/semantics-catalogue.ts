/** A catalogue exercising request semantics: capabilities, reasoning dialects, versions and lifecycle. */
export function semanticsCatalogue(urls: { openai: string; anthropic: string }): string {
  const chat = (id: string, provider: string, caps: string, extra = '') => `
  - id: ${id}
    kind: chat
    contextLength: 32000
    maxOutputTokens: 4000
    defaultMaxOutputTokens: 500
    capabilities: ${caps}
    pricing: {input: "1.00", output: "2.00"}
    provider: ${provider}
    upstreamModel: ${id.split('/')[1]}${extra}`;
  return `
providers:
  - id: sim
    type: sim
  - id: up
    type: openai
    baseUrl: ${urls.openai}
  - id: claude
    type: anthropic
    baseUrl: ${urls.anthropic}
models:${chat('sem/full', 'up', '{tools: true, jsonObject: true, jsonSchema: true, vision: true, streaming: true}')}${chat('sem/plain', 'up', '{tools: false, jsonObject: false, jsonSchema: false, vision: false, streaming: false}')}${chat('sem/reasoner', 'up', '{tools: true, streaming: true, reasoning: true}')}${chat('sem/thinker', 'claude', '{tools: true, streaming: true, reasoning: true}')}${chat('sem/new', 'sim', '{streaming: true}')}${chat('sem/old', 'sim', '{streaming: true}', `
    lifecycle: {announcedAt: 2026-01-01T00:00:00Z, sunsetAt: 2026-06-01T00:00:00Z, noticeUrl: https://example.com/deprecations/old, replacement: sem/new}`)}${chat('sem/gone', 'sim', '{streaming: true}', `
    lifecycle: {announcedAt: 2026-01-01T00:00:00Z, sunsetAt: 2026-06-01T00:00:00Z}`)}
  - id: sem/versioned
    kind: chat
    contextLength: 32000
    maxOutputTokens: 4000
    defaultMaxOutputTokens: 500
    capabilities: {streaming: true}
    pricing: {input: "1.00", output: "2.00"}
    versions:
      - {version: 2024-08-06, provider: sim, upstreamModel: versioned-0806}
      - {version: 2024-11-20, provider: sim, upstreamModel: versioned-1120}
    defaultVersion: 2024-11-20
  - id: sem/embed
    kind: embedding
    contextLength: 8000
    embedding: {dimensions: 8, adjustableDimensions: false}
    pricing: {input: "0.02"}
    provider: up
`;
}
