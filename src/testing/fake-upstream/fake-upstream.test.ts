import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from './index.js';

describe('startFakeOpenAIUpstream', () => {
  let up: FakeUpstream;
  let client: OpenAI;
  beforeAll(async () => {
    up = await startFakeOpenAIUpstream({ apiKey: 'sk-fake' });
    client = new OpenAI({ baseURL: up.url, apiKey: 'sk-fake', maxRetries: 0 });
  });
  afterAll(() => up.close());
  beforeEach(() => up.reset());

  it('should answer the openai SDK without streaming, echoing the model', async () => {
    up.setReply({ toolCalls: [{ name: 'get_w', arguments: { city: 'Oslo' } }] });
    const res = await client.chat.completions.create({ model: 'm-1', messages: [{ role: 'user', content: 'two words' }] });
    expect(res.model).toBe('m-1');
    expect(res.choices[0]?.finish_reason).toBe('tool_calls');
    expect(res.choices[0]?.message.tool_calls?.[0]).toMatchObject({ id: 'call_1', function: { name: 'get_w', arguments: '{"city":"Oslo"}' } });
    expect(res.usage?.prompt_tokens).toBe(2);
    expect(up.requests[0]?.body).toMatchObject({ model: 'm-1' });
  });

  it('should stream to the SDK helper with tool-call deltas and the include_usage chunk', async () => {
    up.setReply({ text: 'Hi there', toolCalls: [{ name: 'f', arguments: '{"a":1}' }], usage: { inputTokens: 5, outputTokens: 7 } });
    const stream = client.chat.completions.stream({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream_options: { include_usage: true } });
    const chunks: unknown[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe('Hi there');
    expect(final.choices[0]?.message.tool_calls?.[0]).toMatchObject({ function: { name: 'f', arguments: '{"a":1}' } });
    expect(final.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 7 });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 12 } });
    expect(chunks.slice(0, -1).every((c) => (c as { usage: unknown }).usage === null)).toBe(true);
  });

  it('should serve embeddings as base64 float32 (the SDK default) and legacy completions', async () => {
    const emb = await client.embeddings.create({ model: 'e', input: ['a', 'b'], dimensions: 4 });
    expect(emb.data).toHaveLength(2);
    expect(emb.data[0]?.embedding).toHaveLength(4);
    expect(Number.isFinite(emb.data[0]?.embedding[0])).toBe(true);
    const done = await client.completions.create({ model: 'c', prompt: 'say hi' });
    expect(done.choices[0]?.text).toBe('Hello from the fake upstream.');
  });

  it('should refuse a wrong key and apply status misbehaviours with retry-after', async () => {
    const bad = new OpenAI({ baseURL: up.url, apiKey: 'nope', maxRetries: 0 });
    await expect(bad.models.list()).rejects.toMatchObject({ status: 401 });
    up.setBehaviour({ kind: 'status', status: 429, retryAfter: '3' }, { times: 1 });
    await expect(client.models.list()).rejects.toMatchObject({ status: 429 });
    expect(up.requests.at(-1)?.path).toBe('/v1/models');
    const models = await client.models.list();
    expect(models.data[0]?.id).toBe('fake-chat');
  });
});

describe('startFakeAnthropicUpstream', () => {
  let up: FakeUpstream;
  let client: Anthropic;
  beforeAll(async () => {
    up = await startFakeAnthropicUpstream({ apiKey: 'sk-ant-fake' });
    client = new Anthropic({ baseURL: up.url, apiKey: 'sk-ant-fake', maxRetries: 0 });
  });
  afterAll(() => up.close());
  beforeEach(() => up.reset());

  it('should answer the anthropic SDK without streaming', async () => {
    up.setReply({ text: 'Hi', toolCalls: [{ name: 'get_w', arguments: '{"city":"Oslo"}' }] });
    const msg = await client.messages.create({ model: 'claude-x', max_tokens: 100, messages: [{ role: 'user', content: 'hello you' }] });
    expect(msg.model).toBe('claude-x');
    expect(msg.stop_reason).toBe('tool_use');
    expect(msg.content[1]).toMatchObject({ type: 'tool_use', name: 'get_w', input: { city: 'Oslo' } });
    expect(msg.usage.input_tokens).toBe(2);
  });

  it('should stream thinking, text and tool_use to the SDK MessageStream', async () => {
    up.setReply({ text: 'Hello world', reasoning: 'Hmm ok', toolCalls: [{ name: 'f', arguments: { a: [1, 2] } }] });
    const stream = client.messages.stream({
      model: 'claude-x', max_tokens: 3000, thinking: { type: 'enabled', budget_tokens: 1024 },
      messages: [{ role: 'user', content: 'x' }],
    });
    const final = await stream.finalMessage();
    expect(final.content.map((b) => b.type)).toEqual(['thinking', 'text', 'tool_use']);
    expect(final.content[0]).toMatchObject({ thinking: 'Hmm ok', signature: 'sig_fake_0123' });
    expect(final.content[2]).toMatchObject({ input: { a: [1, 2] } });
    expect(final.usage.output_tokens).toBeGreaterThan(0);
  });

  it('should send errors in the Anthropic envelope and refuse a missing key', async () => {
    up.setBehaviour({ kind: 'status', status: 529 });
    await expect(client.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({
      status: 529,
      error: { type: 'error', error: { type: 'overloaded_error' } },
    });
    up.setBehaviour({ kind: 'ok' });
    const anon = new Anthropic({ baseURL: up.url, apiKey: 'wrong', maxRetries: 0 });
    await expect(anon.messages.create({ model: 'm', max_tokens: 5, messages: [{ role: 'user', content: 'x' }] })).rejects.toMatchObject({ status: 401 });
  });
});
