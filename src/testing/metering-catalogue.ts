/**
 * A sim catalogue with prices high enough that a few requests use up a small balance:
 * `test/pricey` costs 0.001 USD per prompt token and 0.002 USD per output token; `test/limited`
 * has a catalogue rate limit of 3 requests per minute per organization.
 */
export const METERING_CATALOGUE = `
providers:
  - id: sim
    type: sim
models:
  - id: test/pricey
    kind: chat
    contextLength: 8000
    maxOutputTokens: 200
    defaultMaxOutputTokens: 100
    capabilities: {tools: true, jsonObject: true, jsonSchema: true, vision: false, streaming: true}
    pricing: {input: "1000", output: "2000"}
    provider: sim
    upstreamModel: sim-pricey
  - id: test/limited
    kind: chat
    contextLength: 8000
    maxOutputTokens: 200
    defaultMaxOutputTokens: 20
    capabilities: {tools: true, jsonObject: true, jsonSchema: true, vision: false, streaming: true}
    pricing: {input: "0.10", output: "0.20"}
    rateLimit: {rpm: 3, tpm: 100000}
    provider: sim
    upstreamModel: sim-limited
`;

/** nano-USD per prompt token and per output token of `test/pricey`. */
export const PRICEY_NANO = { input: 1_000_000n, output: 2_000_000n } as const;
