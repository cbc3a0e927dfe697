import { FunctionTool } from '@llamaindex/core/tools';
import { OpenAI, OpenAIEmbedding } from '@llamaindex/openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestGateway } from '../../src/testing/start-test-gateway.js';
import { CHAT_MODEL, COST, EMBED_DIMENSIONS, EMBED_MODEL, SIM_REPLY, TOOL_QUESTION, startClientGateway } from './client-gateway.js';

// LlamaIndex.TS through its OpenAI integration (@llamaindex/openai, on openai 5.x), the way its
// docs point an OpenAI-compatible server at it: the `llamaindex` umbrella package adds nothing here.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startClientGateway();
});
afterAll(async () => {
  await gw?.close();
});

const llm = () => new OpenAI({ model: CHAT_MODEL, apiKey: gw.key, baseURL: gw.baseURL, maxRetries: 0, maxTokens: 300 });
const user = (content: string) => [{ role: 'user' as const, content }];

describe('LlamaIndex OpenAI', () => {
  it('should chat, with the cost readable from the raw answer', async () => {
    const response = await llm().chat({ messages: user('Hello there.') });
    expect(response.message.content).toMatch(SIM_REPLY);
    expect((response.raw as { usage?: { cost?: string } }).usage?.cost).toMatch(COST);
  });

  it('should stream text', async () => {
    let text = '';
    for await (const chunk of await llm().chat({ messages: user('Hello there.'), stream: true })) text += chunk.delta;
    expect(text).toMatch(SIM_REPLY);
  });

  it('should call a tool with parsed arguments', async () => {
    const weather = FunctionTool.from(({ city }: { city: string }) => `Sunny in ${city}`, {
      name: 'get_weather',
      description: 'Weather for a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    });
    const response = await llm().chat({ messages: user(TOOL_QUESTION), tools: [weather] });
    const calls = (response.message.options as { toolCall?: { name: string; input: unknown }[] }).toolCall;
    expect(calls).toHaveLength(1);
    expect(calls![0]!.name).toBe('get_weather');
    // LlamaIndex hands the arguments on as the JSON text the API sent (its agents parse them).
    const input = calls![0]!.input;
    expect(typeof input === 'string' ? JSON.parse(input) : input).toEqual({ city: 'Oslo' });
  });

  it('should answer a responseFormat schema with JSON that parses to it', async () => {
    const city = z.object({ city: z.string(), population: z.number().int() });
    const response = await llm().chat({ messages: user('Name a city.'), responseFormat: city });
    const parsed = city.parse(JSON.parse(String(response.message.content)));
    expect(Number.isInteger(parsed.population)).toBe(true);
  });

  it('should embed', async () => {
    const embedding = new OpenAIEmbedding({ model: EMBED_MODEL, apiKey: gw.key, baseURL: gw.baseURL, maxRetries: 0 });
    expect(await embedding.getTextEmbedding('hello')).toHaveLength(EMBED_DIMENSIONS);
  });
});
