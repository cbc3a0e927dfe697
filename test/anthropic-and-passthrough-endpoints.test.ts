import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;
let client: OpenAI;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream({ apiKey: 'ant-secret' });
  gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: up.url, anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'ant-secret' } });
  client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
  await claude?.close();
});
beforeEach(() => {
  up.reset();
  claude.reset();
});

describe('embeddings passthrough', () => {
  it('should pass the SDK default base64 through so the SDK decodes real floats', async () => {
    const res = await client.embeddings.create({ model: 'acme/embed', input: ['one', 'two'] });
    expect((up.requests.at(-1)!.body as { encoding_format: string }).encoding_format).toBe('base64');
    expect(res.data).toHaveLength(2);
    expect(res.data[0]!.embedding.every((x) => Number.isFinite(x))).toBe(true);
    expect((res.usage as unknown as { cost: string }).cost).toMatch(/^0\.\d{9}$/);
  });

  it('should forward dimensions and float', async () => {
    const res = await client.embeddings.create({ model: 'acme/embed', input: 'x', dimensions: 4, encoding_format: 'float' });
    expect(res.data[0]!.embedding).toHaveLength(4);
  });
});

describe('legacy completions passthrough', () => {
  it('should forward prompt and suffix unchanged and add cost', async () => {
    const res = await client.completions.create({ model: 'acme/instruct', prompt: 'def f(', suffix: ')\n', max_tokens: 5 });
    const body = up.requests.at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ model: 'upstream-instruct', prompt: 'def f(', suffix: ')\n' });
    expect(res.choices[0]!.text).toBeTruthy();
    expect((res.usage as unknown as { cost: string }).cost).toMatch(/^0\.\d{9}$/);
  });

  it('should stream', async () => {
    const stream = await client.completions.create({ model: 'acme/instruct', prompt: 'x', stream: true, stream_options: { include_usage: true } });
    let text = '';
    let cost: string | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.text ?? '';
      if (chunk.usage) cost = (chunk.usage as unknown as { cost: string }).cost;
    }
    expect(text.length).toBeGreaterThan(0);
    expect(cost).toMatch(/^0\.\d{9}$/);
  });
});

describe('chat translated to an Anthropic upstream', () => {
  const tools: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];

  it('should answer text with usage priced per token class', async () => {
    claude.setReply({ text: 'Bonjour', usage: { inputTokens: 100, cacheReadTokens: 1000, cacheWriteTokens: 10, outputTokens: 20 } });
    const res = await client.chat.completions.create({
      model: 'anthropic/claude-test',
      messages: [{ role: 'system', content: 'Be French.' }, { role: 'user', content: 'Hello' }],
    });
    const sent = claude.requests.at(-1)!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers['x-api-key']).toBe('ant-secret');
    expect((sent.body as { system: unknown }).system).toBeTruthy();
    expect(res.choices[0]!.message.content).toBe('Bonjour');
    expect(res.choices[0]!.finish_reason).toBe('stop');
    expect(res.usage!.prompt_tokens).toBe(1110);
    // (100 x 3 + 1000 x 0.30 + 10 x 3.75 + 20 x 15) USD per million tokens = 937.5 USD / 1e6 = 0.0009375 USD
    expect((res.usage as unknown as { cost: string }).cost).toBe('0.000937500');
  });

  it('should translate a tool call and a tool result round trip', async () => {
    claude.setReply({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' }, id: 'toolu_1' }] });
    const first = await client.chat.completions.create({ model: 'anthropic/claude-test', tools, messages: [{ role: 'user', content: 'Weather?' }] });
    const call = first.choices[0]!.message.tool_calls![0]!;
    expect(first.choices[0]!.finish_reason).toBe('tool_calls');
    if (call.type !== 'function') throw new Error('expected a function call');
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Oslo' });
    claude.setReply({ text: 'It is 4 degrees.' });
    const second = await client.chat.completions.create({
      model: 'anthropic/claude-test',
      tools,
      messages: [{ role: 'user', content: 'Weather?' }, first.choices[0]!.message, { role: 'tool', tool_call_id: call.id, content: '{"temp":4}' }],
    });
    const sentMessages = (claude.requests.at(-1)!.body as { messages: { role: string; content: { type: string }[] }[] }).messages;
    expect(sentMessages.at(-1)!.content[0]!.type).toBe('tool_result');
    expect(second.choices[0]!.message.content).toBe('It is 4 degrees.');
  });

  it('should stream text and tool calls in OpenAI chunks', async () => {
    claude.setReply({ text: 'Let me check.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] });
    const final = await client.chat.completions.stream({ model: 'anthropic/claude-test', tools, messages: [{ role: 'user', content: 'Weather?' }], stream_options: { include_usage: true } }).finalChatCompletion();
    expect(final.choices[0]!.message.content).toBe('Let me check.');
    const call = final.choices[0]!.message.tool_calls![0]!;
    if (call.type !== 'function') throw new Error('expected a function call');
    expect(JSON.parse(call.function.arguments)).toEqual({ city: 'Oslo' });
    expect((final.usage as unknown as { cost: string }).cost).toMatch(/^0\.\d{9}$/);
  });

  it('should map 529 overloaded to 503 with retry-after', async () => {
    claude.setBehaviour({ kind: 'status', status: 529 });
    const res = await fetch(`${gw.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'anthropic/claude-test', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).not.toBeNull();
  });

  it('should refuse n > 1 naming the parameter', async () => {
    const error = await client.chat.completions.create({ model: 'anthropic/claude-test', n: 2, messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('n');
  });
});
