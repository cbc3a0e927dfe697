import OpenAI6 from 'openai';
import OpenAI4 from 'openai-v4';
import OpenAI5 from 'openai-v5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from '../../src/testing/start-test-gateway.js';
import { CHAT_MODEL, CITY_SCHEMA, COST, EMBED_DIMENSIONS, EMBED_MODEL, SIM_REPLY, TOOL_QUESTION, startClientGateway } from './client-gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(async () => {
  await gw?.close();
});

/** The surface of the official `openai` package the matrix uses, the same in 4.x, 5.x and 6.x. */
interface OpenAIClient {
  chat: { completions: { create(body: Record<string, unknown>): PromiseLike<unknown> & { withResponse(): Promise<{ data: unknown; response: Response }> } } };
  embeddings: { create(body: Record<string, unknown>): Promise<{ data: { embedding: number[] }[] }> };
}
interface Completion {
  choices: { message: { content: string | null; tool_calls?: { type: string; function: { name: string; arguments: string } }[] }; finish_reason: string }[];
  usage: { prompt_tokens: number; cost: string };
}
interface Chunk {
  choices: { delta: { content?: string | null } }[];
  usage?: { cost?: string } | null;
}

// openai 7.x (the current major) declares engines node >= 22; the gateway runs on Node 20, so the
// matrix takes the newest major that runs there (6.x, the root's) and the two before it.
const MAJORS = [
  ['6.x', (baseURL: string, apiKey: string) => new OpenAI6({ baseURL, apiKey, maxRetries: 0 })],
  ['5.x', (baseURL: string, apiKey: string) => new OpenAI5({ baseURL, apiKey, maxRetries: 0 })],
  ['4.x', (baseURL: string, apiKey: string) => new OpenAI4({ baseURL, apiKey, maxRetries: 0 })],
] as const;

for (const [major, make] of MAJORS) {
  describe(`openai ${major}`, () => {
    const client = () => make(gw.baseURL, gw.key) as unknown as OpenAIClient;
    const user = (content: string) => [{ role: 'user', content }];

    it('should chat, with the cost in usage.cost and the x-tf-cost header', async () => {
      const { data, response } = await client().chat.completions.create({ model: CHAT_MODEL, messages: user('Hello there.') }).withResponse();
      const completion = data as Completion;
      expect(completion.choices[0]!.message.content).toMatch(SIM_REPLY);
      expect(completion.usage.cost).toMatch(COST);
      expect(response.headers.get('x-tf-cost')).toBe(completion.usage.cost);
    });

    it('should stream text and end with the usage chunk carrying the cost', async () => {
      const stream = (await client().chat.completions.create({ model: CHAT_MODEL, messages: user('Hello there.'), stream: true, stream_options: { include_usage: true } })) as AsyncIterable<Chunk>;
      let text = '';
      let cost: string | undefined;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        cost = chunk.usage?.cost ?? cost;
      }
      expect(text).toMatch(SIM_REPLY);
      expect(cost).toMatch(COST);
    });

    it('should call a tool with parsed arguments', async () => {
      const tools = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }];
      const completion = (await client().chat.completions.create({ model: CHAT_MODEL, messages: user(TOOL_QUESTION), tools })) as Completion;
      const call = completion.choices[0]!.message.tool_calls?.[0];
      expect(completion.choices[0]!.finish_reason).toBe('tool_calls');
      expect(call?.function.name).toBe('get_weather');
      expect(JSON.parse(call!.function.arguments)).toEqual({ city: 'Oslo' });
    });

    it('should answer structured output that parses to the schema', async () => {
      const response_format = { type: 'json_schema', json_schema: { name: 'city', strict: true, schema: CITY_SCHEMA } };
      const completion = (await client().chat.completions.create({ model: CHAT_MODEL, messages: user('Name a city.'), response_format })) as Completion;
      const parsed = JSON.parse(completion.choices[0]!.message.content ?? '') as Record<string, unknown>;
      expect(Object.keys(parsed).sort()).toEqual(['city', 'population']);
      expect(typeof parsed.city).toBe('string');
      expect(Number.isInteger(parsed.population)).toBe(true);
    });

    it('should embed (the SDK asks for base64 and decodes it)', async () => {
      const result = await client().embeddings.create({ model: EMBED_MODEL, input: 'hello' });
      expect(result.data[0]!.embedding).toHaveLength(EMBED_DIMENSIONS);
      expect(result.data[0]!.embedding.every((x) => Number.isFinite(x))).toBe(true);
    });
  });
}
