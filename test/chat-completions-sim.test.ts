import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let gw: TestGateway;
let client: OpenAI;

beforeAll(async () => {
  gw = await startTestGateway({ catalogue: readDemoCatalogue() });
  client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
});
afterAll(async () => gw?.close());

const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Current weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
};
const timeTool = {
  type: 'function' as const,
  function: { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] } },
};

describe('chat.completions.create (sim upstream)', () => {
  it('should answer with text, a finish reason and usage with an exact cost', async () => {
    const res = await client.chat.completions
      .create({
        model: 'openai/gpt-4o-mini',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'developer', content: [{ type: 'text', text: 'No markdown.' }] },
          { role: 'user', content: 'Hello there' },
        ],
        temperature: 0.2,
        top_p: 0.9,
        seed: 7,
        max_tokens: 40,
      })
      .withResponse();
    const body = res.data;
    expect(res.response.headers.get('x-request-id')).toMatch(/^req_[0-9a-z]{26}$/);
    expect(body.object).toBe('chat.completion');
    expect(body.choices[0]!.message.role).toBe('assistant');
    expect(body.choices[0]!.message.content).toMatch(/Hello there/);
    expect(['stop', 'length']).toContain(body.choices[0]!.finish_reason);
    const usage = body.usage as OpenAI.CompletionUsage & { cost: string };
    expect(usage.prompt_tokens).toBeGreaterThan(0);
    expect(usage.completion_tokens).toBeGreaterThan(0);
    expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);
    // demo price of gpt-4o-mini: $0.15 / $0.60 per million tokens, rounded once, half up, to 1e-9 USD.
    const expected = (BigInt(usage.prompt_tokens) * 150_000_000n + BigInt(usage.completion_tokens) * 600_000_000n + 500_000n) / 1_000_000n;
    expect(usage.cost).toBe(`0.${expected.toString().padStart(9, '0')}`);
  });

  it('should resolve a well-known alias', async () => {
    const res = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(res.choices[0]!.message.content).toBeTruthy();
  });

  it('should be deterministic for the same seed', async () => {
    const ask = () => client.chat.completions.create({ model: 'openai/gpt-4o-mini', seed: 3, messages: [{ role: 'user', content: 'Tell me a story' }] });
    const [a, b] = await Promise.all([ask(), ask()]);
    expect(a.choices[0]!.message.content).toBe(b.choices[0]!.message.content);
  });

  it('should return n choices', async () => {
    const res = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', n: 3, messages: [{ role: 'user', content: 'hi' }] });
    expect(res.choices.map((c) => c.index)).toEqual([0, 1, 2]);
  });

  it('should stop at a stop sequence', async () => {
    const res = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      stop: ['reply'],
      messages: [{ role: 'user', content: 'Say something' }],
    });
    expect(res.choices[0]!.message.content ?? '').not.toContain('reply');
    expect(res.choices[0]!.finish_reason).toBe('stop');
  });

  it('should call tools, also several in parallel, with JSON arguments', async () => {
    const res = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      tools: [weatherTool, timeTool],
      messages: [{ role: 'user', content: 'Use get_weather and get_time for Oslo' }],
    });
    const calls = res.choices[0]!.message.tool_calls ?? [];
    expect(res.choices[0]!.finish_reason).toBe('tool_calls');
    expect(calls.map((c) => c.type === 'function' && c.function.name).sort()).toEqual(['get_time', 'get_weather']);
    for (const call of calls) {
      if (call.type !== 'function') throw new Error('expected a function call');
      expect(() => JSON.parse(call.function.arguments)).not.toThrow();
    }
  });

  it('should take a tool result back and answer in text', async () => {
    const res = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      tools: [weatherTool],
      messages: [
        { role: 'user', content: 'Weather in Oslo? use get_weather' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c": 4}' },
      ],
    });
    expect(res.choices[0]!.finish_reason).toBe('stop');
    expect(res.choices[0]!.message.content).toContain('temp_c');
  });

  it('should honour response_format json_object and json_schema', async () => {
    const obj = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      response_format: { type: 'json_object' },
      messages: [{ role: 'user', content: 'Give me JSON' }],
    });
    expect(() => JSON.parse(obj.choices[0]!.message.content!)).not.toThrow();
    const schema = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'person', schema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer' } }, required: ['name', 'age'] } },
      },
      messages: [{ role: 'user', content: 'A person' }],
    });
    const parsed = JSON.parse(schema.choices[0]!.message.content!) as { name: unknown; age: unknown };
    expect(typeof parsed.name).toBe('string');
    expect(Number.isInteger(parsed.age)).toBe(true);
  });

  it('should accept image parts for a vision model', async () => {
    const res = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } }] }],
    });
    expect(res.choices[0]!.message.content).toMatch(/image/i);
  });
});

describe('chat.completions.create stream (sim upstream)', () => {
  it('should stream text chunks that end with [DONE] and no usage unless asked', async () => {
    const stream = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'Hello stream' }] });
    let text = '';
    let finish: string | null = null;
    let sawUsage = false;
    for await (const chunk of stream) {
      if (chunk.usage) sawUsage = true;
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(text).toMatch(/Hello stream/);
    expect(finish).not.toBeNull();
    expect(sawUsage).toBe(false);
  });

  it('should send usage with cost as the last chunk when include_usage is set, equal to the non-streamed usage', async () => {
    const messages = [{ role: 'user' as const, content: 'Same question twice' }];
    const plain = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', seed: 1, messages });
    const stream = await client.chat.completions.create({
      model: 'openai/gpt-4o-mini',
      seed: 1,
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const last = chunks.at(-1)!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toEqual(plain.usage);
    expect((last.usage as unknown as { cost: string }).cost).toMatch(/^\d+\.\d{9}$/);
  });

  it('should stream tool-call deltas that the SDK helper reassembles', async () => {
    const runner = client.chat.completions.stream({
      model: 'openai/gpt-4o-mini',
      tools: [weatherTool, timeTool],
      messages: [{ role: 'user', content: 'Use get_weather and get_time for Oslo' }],
    });
    const final = await runner.finalChatCompletion();
    const calls = final.choices[0]!.message.tool_calls ?? [];
    expect(calls).toHaveLength(2);
    for (const call of calls) {
      if (call.type !== 'function') throw new Error('expected a function call');
      expect(call.id).toBeTruthy();
      expect(JSON.parse(call.function.arguments)).toBeTypeOf('object');
    }
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
  });
});
