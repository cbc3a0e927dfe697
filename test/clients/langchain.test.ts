import { ChatAnthropic } from '@langchain/anthropic';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { AIMessage } from '@langchain/core/messages';
import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestGateway } from '../../src/testing/start-test-gateway.js';
import { CHAT_MODEL, COST, EMBED_DIMENSIONS, EMBED_MODEL, SIM_REPLY, TOOL_QUESTION, startClientGateway } from './client-gateway.js';

// LangChain JS 1.x: @langchain/openai 1.5.8 is the newest whose engines allow Node 20 (1.5.10 and
// later declare node >= 22); @langchain/anthropic and @langchain/core at their current releases.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(async () => {
  await gw?.close();
});

interface Family {
  readonly name: string;
  model(): BaseChatModel;
  /** The cost as a user of this class reads it from an answer. */
  cost(message: AIMessage): unknown;
}

const FAMILIES: readonly Family[] = [
  {
    name: 'ChatOpenAI',
    // ChatOpenAI keeps only the usage fields it knows; the raw answer (usage.cost) is one option away.
    model: () => new ChatOpenAI({ model: CHAT_MODEL, apiKey: gw.key, configuration: { baseURL: gw.baseURL }, maxRetries: 0, __includeRawResponse: true }),
    cost: (message) => (message.additional_kwargs.__raw_response as { usage?: { cost?: string } } | undefined)?.usage?.cost,
  },
  {
    name: 'ChatAnthropic',
    model: () => new ChatAnthropic({ model: CHAT_MODEL, apiKey: gw.key, anthropicApiUrl: gw.rootURL, maxRetries: 0, maxTokens: 300 }),
    cost: (message) => (message.response_metadata.usage as { cost?: string } | undefined)?.cost,
  },
];

for (const family of FAMILIES) {
  describe(`LangChain ${family.name}`, () => {
    it('should invoke, with the cost readable from the answer', async () => {
      const message = (await family.model().invoke('Hello there.')) as AIMessage;
      expect(message.text).toMatch(SIM_REPLY);
      expect(message.usage_metadata?.input_tokens).toBeGreaterThan(0);
      expect(family.cost(message)).toMatch(COST);
    });

    it('should stream text', async () => {
      let text = '';
      for await (const chunk of await family.model().stream('Hello there.')) text += chunk.text;
      expect(text).toMatch(SIM_REPLY);
    });

    it('should call a bound tool with parsed arguments', async () => {
      const weather = { name: 'get_weather', description: 'Weather for a city', schema: z.object({ city: z.string() }) };
      const model = family.model();
      if (model.bindTools === undefined) throw new Error(`${family.name} cannot bind tools`);
      const message = (await model.bindTools([weather]).invoke(TOOL_QUESTION)) as AIMessage;
      expect(message.tool_calls).toHaveLength(1);
      expect(message.tool_calls![0]).toMatchObject({ name: 'get_weather', args: { city: 'Oslo' } });
    });

    it('should return structured output parsed to the schema', async () => {
      const city = z.object({ city: z.string(), population: z.number().int() });
      const result = await family.model().withStructuredOutput(city, { name: 'city' }).invoke('Name a city.');
      expect(typeof result.city).toBe('string');
      expect(Number.isInteger(result.population)).toBe(true);
    });
  });
}

describe('LangChain OpenAIEmbeddings', () => {
  it('should embed a query and documents', async () => {
    const embeddings = new OpenAIEmbeddings({ model: EMBED_MODEL, apiKey: gw.key, configuration: { baseURL: gw.baseURL }, maxRetries: 0 });
    expect(await embeddings.embedQuery('hello')).toHaveLength(EMBED_DIMENSIONS);
    const documents = await embeddings.embedDocuments(['one', 'two']);
    expect(documents.map((d) => d.length)).toEqual([EMBED_DIMENSIONS, EMBED_DIMENSIONS]);
  });
});
