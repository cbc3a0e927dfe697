import Anthropic from '@anthropic-ai/sdk';
import Anthropic0 from 'anthropic-sdk-0';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { matrixCatalogue } from '../src/testing/matrix-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;
let client: Anthropic;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream({ apiKey: 'ant-secret' });
  gw = await startTestGateway({ catalogue: matrixCatalogue({ openai: up.url, anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'ant-secret' } });
  client = new Anthropic({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
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

/** POST /v1/messages with fetch; returns status, headers and the raw text. */
async function post(body: unknown, headers: Record<string, string> = { 'x-api-key': gw.key }): Promise<{ status: number; headers: Headers; text: string }> {
  const res = await fetch(`${gw.rootURL}/v1/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/** Split SSE text into `{event, data}` frames. */
function frames(text: string): { event: string | undefined; data: Record<string, unknown> }[] {
  return text.trim().split('\n\n').map((block) => {
    const lines = block.split('\n');
    const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
    const data = JSON.parse(lines.filter((l) => l.startsWith('data: ')).map((l) => l.slice(6)).join('\n')) as Record<string, unknown>;
    return { event, data };
  });
}

describe('POST /v1/messages passthrough to an Anthropic upstream', () => {
  it('should keep unknown upstream fields and add usage.cost', async () => {
    const res = await post({ model: 'anthropic/claude-test', max_tokens: 50, messages: [{ role: 'user', content: 'Hi' }] });
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text) as { model: string; usage: Record<string, unknown>; content: object[] };
    expect(body.model).toBe('anthropic/claude-test');
    expect(res.headers.get('x-tf-upstream-model')).toBe('claude-upstream-1');
    expect(body.usage.service_tier).toBe('standard');
    expect(body.usage.cache_creation).toBeDefined();
    // As the API answers: no `citations` key on a text block without citations.
    expect(body.content[0]).not.toHaveProperty('citations');
    expect(body.usage.cost).toMatch(/^0\.\d{9}$/);
    expect(claude.requests.at(-1)!.headers['x-api-key']).toBe('ant-secret');
    expect(res.headers.get('request-id')).toMatch(/^req_/);
  });

  it('should relay stream frames with their event lines, ping kept, cost only on message_delta', async () => {
    const res = await post({ model: 'anthropic/claude-test', max_tokens: 50, stream: true, messages: [{ role: 'user', content: 'Hi' }] });
    const all = frames(res.text);
    expect(all.every((f) => f.event === f.data.type)).toBe(true);
    expect(all.map((f) => f.event)).toContain('ping');
    expect(all[0]!.event).toBe('message_start');
    const delta = all.find((f) => f.event === 'message_delta')!;
    expect((delta.data.usage as { cost: string }).cost).toMatch(/^0\.\d{9}$/);
    expect(all.at(-1)!.event).toBe('message_stop');
  });

  it('should relay an upstream mid-stream error as the SDK error', async () => {
    claude.setBehaviour({ kind: 'stream-error' });
    const stream = client.messages.stream({ model: 'anthropic/claude-test', max_tokens: 50, messages: [{ role: 'user', content: 'Hi' }] });
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
  });
});

describe('POST /v1/messages translated (sim upstream)', () => {
  it('should stream the full event sequence, every frame with its event line', async () => {
    const res = await post({ model: 'sim/chat', max_tokens: 60, stream: true, messages: [{ role: 'user', content: 'Hello there' }] });
    const all = frames(res.text);
    const names = all.map((f) => f.event);
    expect(names[0]).toBe('message_start');
    expect(names.slice(1, 3)).toEqual(['content_block_start', 'ping']);
    expect(names).toContain('content_block_delta');
    expect(names.slice(-3)).toEqual(['content_block_stop', 'message_delta', 'message_stop']);
    expect(all.every((f) => f.event === f.data.type)).toBe(true);
    const usage = all.at(-2)!.data.usage as { input_tokens: number; output_tokens: number; cost: string };
    expect(usage.input_tokens).toBeGreaterThan(0);
    expect(usage.cost).toMatch(/^0\.\d{9}$/);
  });

  it('should accept system blocks, images, stop sequences and thinking, with both SDK lines', async () => {
    const old = new Anthropic0({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    for (const sdk of [client, old] as const) {
      const message = await (sdk as Anthropic).messages.create({
        model: 'sim/chat',
        max_tokens: 2000,
        system: [{ type: 'text', text: 'Be brief.' }],
        thinking: { type: 'enabled', budget_tokens: 1024 },
        stop_sequences: ['NEVER-MATCHES'],
        messages: [{ role: 'user', content: [{ type: 'text', text: 'Describe' }, { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } }] }],
      });
      expect(message.content[0]!.type).toBe('thinking');
      const text = message.content.find((b) => b.type === 'text');
      expect(text && 'text' in text ? text.text : '').toContain('I see 1 image');
      expect(message.stop_reason).toBe('end_turn');
    }
  });

  it('should stream thinking deltas the SDK accumulates', async () => {
    const message = await client.messages
      .stream({ model: 'sim/chat', max_tokens: 3000, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: [{ role: 'user', content: 'Think' }] })
      .finalMessage();
    const thinking = message.content[0]!;
    expect(thinking.type).toBe('thinking');
    expect(thinking.type === 'thinking' ? thinking.thinking : '').toMatch(/^Thinking about/);
  });

  it('should end a failed stream with an error event the SDK throws', async () => {
    const res = await post({ model: 'sim/chat', max_tokens: 60, stream: true, messages: [{ role: 'user', content: 'Go [sim:fail-mid-stream]' }] });
    const last = frames(res.text).at(-1)!;
    expect(last.event).toBe('error');
    expect((last.data.error as { type: string }).type).toBe('api_error');
    const error = await client.messages
      .stream({ model: 'sim/chat', max_tokens: 60, messages: [{ role: 'user', content: 'Go [sim:fail-mid-stream]' }] })
      .finalMessage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
  });

  it('should count tokens', async () => {
    const res = await client.messages.countTokens({ model: 'sim/chat', messages: [{ role: 'user', content: 'How many tokens is this?' }] });
    expect(res.input_tokens).toBeGreaterThan(3);
  });
});

describe('Anthropic error envelope on /v1/messages', () => {
  const valid = { model: 'sim/chat', max_tokens: 10, messages: [{ role: 'user', content: 'x' }] };
  const cases: [string, unknown, Record<string, string> | undefined, number, string][] = [
    ['malformed JSON', '{"model":', undefined, 400, 'invalid_request_error'],
    ['a missing max_tokens', { model: 'sim/chat', messages: valid.messages }, undefined, 400, 'invalid_request_error'],
    ['an unknown model', { ...valid, model: 'nobody/nothing' }, undefined, 404, 'not_found_error'],
    ['an unknown key', valid, { 'x-api-key': 'sk-tf-nope' }, 401, 'authentication_error'],
    ['a server tool', { ...valid, tools: [{ type: 'web_search_20250305', name: 'web_search' }] }, undefined, 400, 'invalid_request_error'],
  ];
  it.each(cases)('should answer %s in the Anthropic envelope', async (_name, body, headers, status, type) => {
    const res = await post(body, headers);
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const envelope = JSON.parse(res.text) as { type: string; error: { type: string; message: string }; request_id: string };
    expect(envelope.type).toBe('error');
    expect(envelope.error.type).toBe(type);
    expect(envelope.error.message.length).toBeGreaterThan(5);
    expect(envelope.request_id).toMatch(/^req_/);
  });

  it('should surface as the SDK error classes for both lines', async () => {
    const old = new Anthropic0({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const e1 = await client.messages.create({ ...valid, model: 'nobody/nothing', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(Anthropic.NotFoundError);
    const e0 = await old.messages.create({ ...valid, model: 'nobody/nothing', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(e0).toBeInstanceOf(Anthropic0.NotFoundError);
    expect(((e0 as InstanceType<typeof Anthropic0.NotFoundError>).error as { error: { type: string } }).error.type).toBe('not_found_error');
  });
});

describe('GET /v1/models for Anthropic SDK callers', () => {
  it('should answer both SDK lines in the shape they parse', async () => {
    const old = new Anthropic0({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    for (const sdk of [client, old] as const) {
      const page = await (sdk as Anthropic).models.list();
      const ids = page.data.map((m) => m.id);
      expect(ids).toContain('anthropic/claude-test');
      expect(page.data[0]!.type).toBe('model');
      expect(typeof page.data[0]!.display_name).toBe('string');
      expect(page.has_more).toBe(false);
      const one = await (sdk as Anthropic).models.retrieve('sim/chat');
      expect(one.id).toBe('sim/chat');
      expect(one.created_at).toMatch(/^\d{4}-/);
    }
  });
});

describe('an Anthropic base URL that ends in /v1', () => {
  it('should still reach /v1/messages', async () => {
    const doubled = new Anthropic({ baseURL: `${gw.rootURL}/v1`, apiKey: gw.key, maxRetries: 0 });
    const message = await doubled.messages.create({ model: 'sim/chat', max_tokens: 50, messages: [{ role: 'user', content: 'hello' }] });
    expect(message.type).toBe('message');
    expect(message.content[0]!.type).toBe('text');
  });
});
