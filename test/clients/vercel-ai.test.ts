import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { embed, generateObject, generateText, jsonSchema, streamText, tool, type EmbeddingModel, type LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from '../../src/testing/start-test-gateway.js';
import { CHAT_MODEL, CITY_SCHEMA, COST, EMBED_DIMENSIONS, EMBED_MODEL, SIM_REPLY, TOOL_QUESTION, startClientGateway } from './client-gateway.js';

// The Vercel AI SDK at its newest release line that runs on Node 20: `ai` 6.x with the providers of
// that line (@ai-sdk/openai 3.x, openai-compatible 2.x, anthropic 3.x). Their current majors (ai 7,
// openai 4, openai-compatible 3, anthropic 4) declare engines node >= 22.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(async () => {
  await gw?.close();
});

interface Provider {
  readonly name: string;
  chat(): LanguageModel;
  /** False where the provider has no embeddings (Anthropic) or the line is a second route of one. */
  readonly embeds: boolean;
  embedding(): EmbeddingModel | null;
}

const PROVIDERS: readonly Provider[] = [
  {
    name: '@ai-sdk/openai (openai.chat)',
    chat: () => createOpenAI({ baseURL: gw.baseURL, apiKey: gw.key }).chat(CHAT_MODEL),
    embeds: true,
    embedding: () => createOpenAI({ baseURL: gw.baseURL, apiKey: gw.key }).embedding(EMBED_MODEL),
  },
  {
    name: '@ai-sdk/openai (responses)',
    chat: () => createOpenAI({ baseURL: gw.baseURL, apiKey: gw.key }).responses(CHAT_MODEL),
    embeds: false,
    embedding: () => null,
  },
  {
    name: '@ai-sdk/openai-compatible',
    chat: () => createOpenAICompatible({ name: 'tf', baseURL: gw.baseURL, apiKey: gw.key, includeUsage: true, supportsStructuredOutputs: true }).chatModel(CHAT_MODEL),
    embeds: true,
    embedding: () => createOpenAICompatible({ name: 'tf', baseURL: gw.baseURL, apiKey: gw.key }).embeddingModel(EMBED_MODEL),
  },
  {
    name: '@ai-sdk/anthropic',
    chat: () => createAnthropic({ baseURL: `${gw.rootURL}/v1`, apiKey: gw.key }).messages(CHAT_MODEL),
    embeds: false,
    embedding: () => null,
  },
];

const weather = tool({
  description: 'Weather for a city',
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }),
});

for (const provider of PROVIDERS) {
  describe(`ai 6 + ${provider.name}`, () => {
    it('should generate text, with the cost readable from the x-tf-cost header', async () => {
      const result = await generateText({ model: provider.chat(), prompt: 'Hello there.', maxRetries: 0 });
      expect(result.text).toMatch(SIM_REPLY);
      expect(result.usage.inputTokens).toBeGreaterThan(0);
      // The SDK keeps only the usage fields it knows, so the header is where its users read the cost.
      expect(result.response.headers?.['x-tf-cost']).toMatch(COST);
    });

    it('should stream text', async () => {
      const result = streamText({ model: provider.chat(), prompt: 'Hello there.', maxRetries: 0 });
      let text = '';
      for await (const delta of result.textStream) text += delta;
      expect(text).toMatch(SIM_REPLY);
      expect((await result.usage).outputTokens).toBeGreaterThan(0);
    });

    it('should call a tool with parsed input', async () => {
      const result = await generateText({ model: provider.chat(), prompt: TOOL_QUESTION, tools: { get_weather: weather }, maxRetries: 0 });
      expect(result.finishReason).toBe('tool-calls');
      expect(result.toolCalls).toHaveLength(1);
      expect(result.toolCalls[0]).toMatchObject({ toolName: 'get_weather', input: { city: 'Oslo' } });
    });

    it('should generate an object that matches the schema', async () => {
      const result = await generateObject({ model: provider.chat(), prompt: 'Name a city.', schema: jsonSchema<{ city: string; population: number }>(CITY_SCHEMA as unknown as Parameters<typeof jsonSchema>[0]), maxRetries: 0 });
      expect(typeof result.object.city).toBe('string');
      expect(Number.isInteger(result.object.population)).toBe(true);
    });

    // Declared only where the provider has embeddings (Anthropic has none; the responses variant
    // shares the chat variant's embedding model), so nothing shows as skipped.
    if (provider.embeds) {
      it('should embed', async () => {
        const result = await embed({ model: provider.embedding()!, value: 'hello', maxRetries: 0 });
        expect(result.embedding).toHaveLength(EMBED_DIMENSIONS);
      });
    }
  });
}
