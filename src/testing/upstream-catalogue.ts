/** A catalogue whose models point at fake upstreams, for end-to-end tests of real HTTP relays. */
export function upstreamCatalogue(urls: { openai: string; anthropic?: string }, timeouts = { connectMs: 1000, headersMs: 1000, idleMs: 1000 }): string {
  const t = `{connectMs: ${timeouts.connectMs}, headersMs: ${timeouts.headersMs}, idleMs: ${timeouts.idleMs}}`;
  return `
providers:
  - id: up
    type: openai
    baseUrl: ${urls.openai}
    apiKeyEnv: UP_KEY
    timeouts: ${t}
${urls.anthropic ? `  - id: claude\n    type: anthropic\n    baseUrl: ${urls.anthropic}\n    apiKeyEnv: ANT_KEY\n    timeouts: ${t}\n` : ''}
models:
  - id: acme/chat
    kind: chat
    aliases: [chat]
    contextLength: 32000
    maxOutputTokens: 4000
    defaultMaxOutputTokens: 500
    capabilities: {tools: true, jsonObject: true, jsonSchema: true, vision: true, streaming: true}
    pricing: {input: "0.15", output: "0.60", cachedInput: "0.075"}
    provider: up
    upstreamModel: upstream-chat-v1
  - id: acme/embed
    kind: embedding
    contextLength: 8000
    embedding: {dimensions: 8, adjustableDimensions: true}
    pricing: {input: "0.02"}
    provider: up
    upstreamModel: upstream-embed
  - id: acme/instruct
    kind: completion
    contextLength: 4000
    maxOutputTokens: 1000
    pricing: {input: "1.50", output: "2.00"}
    provider: up
    upstreamModel: upstream-instruct
${
  urls.anthropic
    ? `  - id: anthropic/claude-test
    kind: chat
    contextLength: 200000
    maxOutputTokens: 8000
    defaultMaxOutputTokens: 1000
    capabilities: {tools: true, jsonObject: true, jsonSchema: true, vision: true, streaming: true, reasoning: true}
    pricing: {input: "3.00", output: "15.00", cachedInput: "0.30", cacheWrite: "3.75"}
    provider: claude
    upstreamModel: claude-upstream-1
`
    : ''
}`;
}
