import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ProviderConfig } from '../../config/catalogue-types.js';
import type { IrChatRequest, IrStreamEvent } from '../../protocol/ir/index.js';
import { FAKE_SIGNATURE, startFakeAnthropicUpstream, type FakeUpstream } from '../../testing/fake-upstream/index.js';
import type { Provider, ProviderCallContext } from '../provider.js';
import { createAnthropicProvider } from './index.js';

let up: FakeUpstream;
let provider: Provider;

const config = (url: string, headersMs = 2000): ProviderConfig => ({
  id: 'anth',
  type: 'anthropic',
  baseUrl: url,
  apiKey: 'sk-ant-test',
  apiKeys: ['sk-ant-test'],
  timeouts: { connectMs: 2000, headersMs, idleMs: 2000, firstTokenMs: headersMs },
  headers: { 'x-extra': 'yes' },
  maxConnections: null,
  queueTimeoutMs: 2000,
});
const ctx = (signal: AbortSignal = new AbortController().signal): ProviderCallContext => ({ requestId: 'req_1', signal });
const request: IrChatRequest = { model: 'claude-x', maxOutputTokens: 200, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }] };

async function collect(events: AsyncIterable<IrStreamEvent>): Promise<IrStreamEvent[]> {
  const out: IrStreamEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

beforeAll(async () => {
  up = await startFakeAnthropicUpstream({ apiKey: 'sk-ant-test' });
  provider = createAnthropicProvider(config(up.url));
});
afterAll(async () => {
  await provider.close();
  await up.close();
});
beforeEach(() => up.reset());

describe('chat', () => {
  it('should send auth, version and configured headers to /v1/messages and map a text answer', async () => {
    up.setReply({ text: 'Hi back', usage: { inputTokens: 3, outputTokens: 2, cacheReadTokens: 40, cacheWriteTokens: 5 } });
    const res = await provider.chat!(request, ctx());
    const sent = up.requests[0]!;
    expect(sent.path).toBe('/v1/messages');
    expect(sent.headers).toMatchObject({ 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01', 'x-extra': 'yes', 'x-request-id': 'req_1' });
    expect(sent.body).toEqual({ model: 'claude-x', max_tokens: 200, messages: [{ role: 'user', content: [{ type: 'text', text: 'Hello there' }] }] });
    expect(res).toMatchObject({ id: 'msg_fake_01', model: 'claude-x', choices: [{ content: [{ type: 'text', text: 'Hi back' }], finishReason: 'stop' }] });
    expect(res.usage).toEqual({ input: { total: 48, cacheRead: 40, cacheWrite: 5 }, output: { total: 2, reasoning: 0 }, source: 'reported' });
  });

  it('should send tools and tool history and map tool_use back to a tool call', async () => {
    up.setReply({ toolCalls: [{ name: 'get_w', arguments: { city: 'Oslo' }, id: 'toolu_9' }] });
    const res = await provider.chat!(
      {
        ...request,
        tools: [{ name: 'get_w', parameters: { type: 'object', properties: { city: { type: 'string' } } } }],
        messages: [
          ...request.messages,
          { role: 'assistant', content: [{ type: 'tool-call', id: 'toolu_1', name: 'get_w', arguments: '{"city":"Bergen"}' }] },
          { role: 'tool', toolCallId: 'toolu_1', content: [{ type: 'text', text: 'rain' }] },
        ],
      },
      ctx(),
    );
    expect(up.requests[0]?.body).toMatchObject({
      tools: [{ name: 'get_w' }],
      messages: [{ role: 'user' }, { role: 'assistant', content: [{ type: 'tool_use', input: { city: 'Bergen' } }] }, { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'rain' }] }],
    });
    expect(res.choices[0]).toMatchObject({ content: [{ type: 'tool-call', id: 'toolu_9', name: 'get_w', arguments: '{"city":"Oslo"}' }], finishReason: 'tool-calls', rawFinishReason: 'tool_use' });
  });

  it('should answer JSON mode through the forced json_response tool', async () => {
    up.setReply({ text: '{"ok":true}' });
    const res = await provider.chat!({ ...request, responseFormat: { type: 'json_object' } }, ctx());
    expect(up.requests[0]?.body).toMatchObject({ tool_choice: { type: 'tool', name: 'json_response' } });
    expect(res.choices[0]).toMatchObject({ content: [{ type: 'text', text: '{"ok":true}' }], finishReason: 'stop' });
  });

  it('should ask for thinking and return reasoning with its signature', async () => {
    up.setReply({ text: 'Done', reasoning: 'Think hard' });
    const res = await provider.chat!({ ...request, reasoning: { effort: 'low' } }, ctx());
    expect(up.requests[0]?.body).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 1024 }, max_tokens: 1224 });
    expect(res.choices[0]?.content).toEqual([{ type: 'reasoning', text: 'Think hard', signature: FAKE_SIGNATURE }, { type: 'text', text: 'Done' }]);
  });
});

describe('streamChat', () => {
  it('should stream events in order with warnings and reassembled tool arguments', async () => {
    up.setReply({ text: 'One two', toolCalls: [{ name: 'f', arguments: { a: [1, 2, 3], b: 'x' } }], usage: { inputTokens: 10, outputTokens: 20, cacheReadTokens: 7 } });
    const events = await collect(await provider.streamChat!({ ...request, seed: 3 }, ctx()));
    expect(up.requests[0]?.body).toMatchObject({ stream: true });
    expect(events[0]).toEqual({ type: 'stream-start', id: 'msg_fake_01', model: 'claude-x', warnings: ['seed is not supported by Anthropic and was ignored'], inputTokens: 17 });
    const types = events.map((e) => e.type);
    expect(types.slice(1, 3)).toEqual(['text-delta', 'text-delta']);
    expect(types.slice(3, 4)).toEqual(['tool-call-start']);
    expect(types.slice(-3)).toEqual(['tool-call-end', 'finish', 'usage']);
    const args = events.flatMap((e) => (e.type === 'tool-call-delta' ? [e.argumentsDelta] : [])).join('');
    expect(JSON.parse(args)).toEqual({ a: [1, 2, 3], b: 'x' });
    expect(events.at(-1)).toMatchObject({ usage: { input: { total: 17, cacheRead: 7 }, output: { total: 20 } } });
  });

  it('should stream JSON mode as text deltas', async () => {
    up.setReply({ text: '{"name":"Ada","tags":["x","y"]}' });
    const events = await collect(await provider.streamChat!({ ...request, responseFormat: { type: 'json_object' } }, ctx()));
    const text = events.flatMap((e) => (e.type === 'text-delta' ? [e.delta] : [])).join('');
    expect(JSON.parse(text)).toEqual({ name: 'Ada', tags: ['x', 'y'] });
    expect(events.some((e) => e.type === 'tool-call-start')).toBe(false);
    expect(events.find((e) => e.type === 'finish')).toMatchObject({ finishReason: 'stop' });
  });

  it('should stream reasoning deltas and the signature', async () => {
    up.setReply({ reasoning: 'a b', text: 'c' });
    const events = await collect(await provider.streamChat!({ ...request, reasoning: { budgetTokens: 2048 } }, ctx()));
    expect(events.filter((e) => e.type === 'reasoning-delta')).toEqual([
      { type: 'reasoning-delta', choice: 0, delta: 'a ' },
      { type: 'reasoning-delta', choice: 0, delta: 'b' },
      { type: 'reasoning-delta', choice: 0, delta: '', signature: FAKE_SIGNATURE },
    ]);
  });

  it('should end with an error event when the socket resets after the first chunk', async () => {
    up.setBehaviour({ kind: 'reset-after-first-chunk' });
    const events = await collect(await provider.streamChat!(request, ctx()));
    expect(events.map((e) => e.type)).toEqual(['stream-start', 'error']);
    expect(events[1]).toMatchObject({ error: { code: 'GW_UPSTREAM_STREAM_FAILED' } });
  });

  it('should end with an error event on an in-stream error or a truncated body', async () => {
    up.setBehaviour({ kind: 'stream-error', errorType: 'api_error', message: 'boom' });
    const failed = await collect(await provider.streamChat!(request, ctx()));
    expect(failed.at(-1)).toMatchObject({ type: 'error', error: { code: 'GW_UPSTREAM_STREAM_FAILED' } });
    up.setBehaviour({ kind: 'truncate-stream' });
    const truncated = await collect(await provider.streamChat!(request, ctx()));
    expect(truncated.at(-2)).toMatchObject({ type: 'finish' });
    expect(truncated.at(-1)).toMatchObject({ type: 'error', error: { code: 'GW_UPSTREAM_STREAM_FAILED' } });
  });

  it('should stop reading and end quietly when the signal aborts', async () => {
    up.setBehaviour({ kind: 'stall-after-first-chunk' });
    const controller = new AbortController();
    const events: IrStreamEvent[] = [];
    const stream = await provider.streamChat!(request, ctx(controller.signal));
    const done = (async () => {
      for await (const event of stream) {
        events.push(event);
        controller.abort();
      }
    })();
    await done;
    expect(events.map((e) => e.type)).toEqual(['stream-start']);
  });
});

describe('upstream errors before the first byte', () => {
  it('should map 429 with retry-after to a rate-limit error', async () => {
    up.setBehaviour({ kind: 'status', status: 429, retryAfter: '7' });
    await expect(provider.chat!(request, ctx())).rejects.toMatchObject({ code: 'GW_UPSTREAM_RATE_LIMITED', retryAfterSeconds: 7 });
  });

  it('should map 500 to an upstream error and 529 to unavailable', async () => {
    up.setBehaviour({ kind: 'status', status: 500 });
    await expect(provider.chat!(request, ctx())).rejects.toMatchObject({ code: 'GW_UPSTREAM_ERROR', retryable: true });
    up.setBehaviour({ kind: 'status', status: 529 });
    await expect(provider.streamChat!(request, ctx())).rejects.toMatchObject({ code: 'GW_UPSTREAM_UNAVAILABLE', status: 503 });
  });

  it('should map a reset before headers and a slow upstream to gateway errors', async () => {
    up.setBehaviour({ kind: 'reset-before-headers' });
    await expect(provider.chat!(request, ctx())).rejects.toMatchObject({ code: 'GW_UPSTREAM_ERROR' });
    // undici's timers are coarse (about 0.5-1 s), so the delay must clearly exceed that.
    up.setBehaviour({ kind: 'slow-headers', delayMs: 2500 });
    const impatient = createAnthropicProvider(config(up.url, 100));
    await expect(impatient.chat!(request, ctx())).rejects.toMatchObject({ code: 'GW_UPSTREAM_TIMEOUT' });
    await impatient.close();
  });

  it('should refuse invalid input before calling the upstream', async () => {
    await expect(provider.chat!({ ...request, temperature: 2 }, ctx())).rejects.toMatchObject({ code: 'GW_INVALID_VALUE', param: 'temperature' });
    expect(up.requests).toHaveLength(0);
  });
});

describe('forward', () => {
  it('should post the raw body to /v1/messages and return the raw answer', async () => {
    const body = JSON.stringify({ model: 'claude-x', max_tokens: 10, messages: [{ role: 'user', content: 'hi' }], unknown_field: 1 });
    const res = await provider.forward!({ format: 'anthropic-messages', body, stream: false }, ctx());
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('application/json');
    expect(JSON.parse(res.text!)).toMatchObject({ type: 'message', model: 'claude-x' });
    expect(up.requests[0]?.body).toMatchObject({ unknown_field: 1 });
  });
});
