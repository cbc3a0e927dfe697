import Anthropic0 from 'anthropic-sdk-0';
import Anthropic1 from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestGateway } from '../../src/testing/start-test-gateway.js';
import { CHAT_MODEL, CITY_SCHEMA, COST, SIM_REPLY, TOOL_QUESTION, startClientGateway } from './client-gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(async () => {
  await gw?.close();
});

interface Message {
  content: { type: string; text?: string; name?: string; input?: unknown }[];
  stop_reason: string;
  usage: { input_tokens: number; cost: string };
}
/** The surface of `@anthropic-ai/sdk` the matrix uses, the same in 0.x and 1.x. */
interface AnthropicClient {
  messages: {
    create(body: Record<string, unknown>): PromiseLike<unknown> & { withResponse(): Promise<{ data: unknown; response: Response }> };
    stream(body: Record<string, unknown>): AsyncIterable<{ type: string; delta?: { type: string; text?: string }; usage?: { cost?: string } }> & { finalMessage(): Promise<unknown> };
  };
}

// Anthropic has no embeddings API, so neither line is asked for one (the OpenAI-shaped clients are).
const LINES = [
  ['1.x', (baseURL: string, apiKey: string) => new Anthropic1({ baseURL, apiKey, maxRetries: 0 })],
  ['0.x', (baseURL: string, apiKey: string) => new Anthropic0({ baseURL, apiKey, maxRetries: 0 })],
] as const;

for (const [line, make] of LINES) {
  describe(`@anthropic-ai/sdk ${line}`, () => {
    const client = () => make(gw.rootURL, gw.key) as unknown as AnthropicClient;
    const base = { model: CHAT_MODEL, max_tokens: 300 };
    const user = (content: string) => [{ role: 'user', content }];

    it('should chat, with the cost in usage.cost and the x-tf-cost header', async () => {
      const { data, response } = await client().messages.create({ ...base, messages: user('Hello there.') }).withResponse();
      const message = data as Message;
      expect(message.content[0]?.text).toMatch(SIM_REPLY);
      expect(message.usage.input_tokens).toBeGreaterThan(0);
      expect(message.usage.cost).toMatch(COST);
      expect(response.headers.get('x-tf-cost')).toBe(message.usage.cost);
    });

    it('should stream text, with the cost in message_delta.usage', async () => {
      const stream = client().messages.stream({ ...base, messages: user('Hello there.') });
      let text = '';
      let cost: string | undefined;
      for await (const event of stream) {
        if (event.type === 'content_block_delta' && event.delta?.type === 'text_delta') text += event.delta.text ?? '';
        if (event.type === 'message_delta') cost = event.usage?.cost;
      }
      expect(text).toMatch(SIM_REPLY);
      expect(cost).toMatch(COST);
      expect(((await stream.finalMessage()) as Message).content[0]?.text).toBe(text);
    });

    it('should call a tool with its input parsed', async () => {
      const tools = [{ name: 'get_weather', description: 'Weather for a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
      const message = (await client().messages.create({ ...base, messages: user(TOOL_QUESTION), tools })) as Message;
      expect(message.stop_reason).toBe('tool_use');
      expect(message.content.find((b) => b.type === 'tool_use')).toMatchObject({ name: 'get_weather', input: { city: 'Oslo' } });
    });

    it('should answer structured output (output_config.format) that parses to the schema', async () => {
      const message = (await client().messages.create({ ...base, messages: user('Name a city.'), output_config: { format: { type: 'json_schema', schema: CITY_SCHEMA } } })) as Message;
      const parsed = JSON.parse(message.content[0]?.text ?? '') as Record<string, unknown>;
      expect(Object.keys(parsed).sort()).toEqual(['city', 'population']);
      expect(Number.isInteger(parsed.population)).toBe(true);
    });
  });
}
