import { describe, expect, it } from 'vitest';
import { isGatewayError } from '../../core/errors.js';
import { safeParseJson } from '../../core/json.js';
import type { IrChatRequest, IrChatResponse, IrMessage, IrTool } from '../../protocol/ir/index.js';
import { createSimProvider } from './index.js';

const provider = createSimProvider({ id: 'sim-a', clock: { now: () => 1_700_000_000_000 } });
const context = () => ({ requestId: 'req_test', signal: new AbortController().signal });

function user(text: string): IrMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

function chat(request: Partial<IrChatRequest>): Promise<IrChatResponse> {
  return provider.chat!({ model: 'sim-chat', messages: [user('Hello')], ...request }, context());
}

function textOf(response: IrChatResponse, choice = 0): string {
  const parts = response.choices[choice]?.content ?? [];
  return parts.flatMap((p) => (p.type === 'text' ? [p.text] : [])).join('');
}

const weather: IrTool = {
  name: 'get_weather',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] }, days: { type: 'integer', minimum: 3 } },
    required: ['city', 'unit', 'days'],
  },
};
const clock: IrTool = { name: 'get_time', parameters: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] } };

describe('createSimProvider', () => {
  it('should describe itself as a sim provider without passthrough', () => {
    expect(provider.type).toBe('sim');
    expect(provider.id).toBe('sim-a');
    expect(provider.passthrough.size).toBe(0);
  });
});

describe('chat', () => {
  it('should quote the last user message and stop naturally', async () => {
    const res = await chat({ messages: [user('first'), { role: 'assistant', content: [] }, user('What is the capital of Norway?')] });
    expect(textOf(res)).toMatch(/^Simulated reply to: "What is the capital of Norway\?"\./);
    expect(res.choices[0]?.finishReason).toBe('stop');
    expect(res.usage?.source).toBe('reported');
  });

  it('should return the same output for the same request', async () => {
    const a = await chat({ messages: [user('Tell me a story')], seed: 7 });
    const b = await chat({ messages: [user('Tell me a story')], seed: 7 });
    expect(a.choices).toEqual(b.choices);
    expect(a.usage).toEqual(b.usage);
  });

  it('should vary the filler with the seed and per choice', async () => {
    const seeds = await Promise.all([1, 2, 3, 4].map((seed) => chat({ messages: [user('Tell me a story')], seed })));
    expect(new Set(seeds.map((r) => textOf(r))).size).toBeGreaterThan(1);
    const many = await chat({ messages: [user('Tell me a story')], n: 3, maxOutputTokens: 200 });
    expect(many.choices.map((c) => c.index)).toEqual([0, 1, 2]);
    expect(new Set(many.choices.map((_, i) => textOf(many, i))).size).toBeGreaterThan(1);
  });

  it('should cut at maxOutputTokens and finish with length', async () => {
    const res = await chat({ maxOutputTokens: 5 });
    expect(res.choices[0]?.finishReason).toBe('length');
    expect(res.usage?.output.total).toBeLessThanOrEqual(5);
    expect(res.usage?.output.total).toBeGreaterThan(0);
  });

  it('should count input tokens from the conversation and output tokens from the reply', async () => {
    const short = await chat({ messages: [user('Hi')] });
    const long = await chat({ messages: [user('Hi'), user('a much longer message with many more words in it')] });
    expect(long.usage!.input.total).toBeGreaterThan(short.usage!.input.total);
    const full = await chat({ maxOutputTokens: 1000 });
    const cut = await chat({ maxOutputTokens: 6 });
    expect(full.usage!.output.total).toBeGreaterThan(cut.usage!.output.total);
  });

  it('should cut before a stop sequence and report it', async () => {
    const res = await chat({ stop: ['reply'] });
    expect(textOf(res)).toBe('Simulated ');
    expect(res.choices[0]).toMatchObject({ finishReason: 'stop', stopSequence: 'reply' });
  });

  it('should emit reasoning first and count it in output tokens', async () => {
    const res = await chat({ reasoning: { effort: 'low' }, maxOutputTokens: 500 });
    const parts = res.choices[0]!.content;
    expect(parts[0]).toMatchObject({ type: 'reasoning' });
    expect(parts[0]?.type === 'reasoning' && parts[0].text.startsWith('Thinking about: "Hello"')).toBe(true);
    expect(res.usage!.output.reasoning).toBeGreaterThan(0);
    expect(res.usage!.output.total).toBeGreaterThan(res.usage!.output.reasoning);
    const none = await chat({ reasoning: { effort: 'none' } });
    expect(none.usage!.output.reasoning).toBe(0);
  });

  it('should acknowledge images', async () => {
    const messages: IrMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Look' }, { type: 'image', url: 'https://example.com/a.png' }] }];
    expect(textOf(await chat({ messages }))).toContain('I see 1 image.');
  });

  it('should reply to an empty conversation', async () => {
    const res = await chat({ messages: [] });
    expect(textOf(res)).toMatch(/^Simulated reply to: ""\./);
  });

  it('should never throw a raw exception on malformed input', async () => {
    const malformed = { model: 'm', messages: [{ role: 'user' }], tools: [{ name: 'x' }], n: Number.NaN } as unknown as IrChatRequest;
    const outcome = await provider.chat!(malformed, context()).catch((e: unknown) => e);
    expect('choices' in (outcome as object) || isGatewayError(outcome)).toBe(true);
  });
});

describe('chat with tools', () => {
  it('should call a tool named in the text with schema-valid arguments', async () => {
    const res = await chat({ messages: [user('What is the weather in Oslo? Use get_weather.')], tools: [weather, clock] });
    const choice = res.choices[0]!;
    expect(choice.finishReason).toBe('tool-calls');
    const call = choice.content[0];
    expect(call?.type).toBe('tool-call');
    if (call?.type !== 'tool-call') return;
    expect(call.name).toBe('get_weather');
    expect(call.id).toMatch(/^call_[0-9a-f]+$/);
    const args = safeParseJson(call.arguments);
    expect(args).toEqual({ ok: true, value: { city: 'Oslo', unit: 'celsius', days: 3 } });
    expect(res.usage!.output.total).toBeGreaterThan(0);
  });

  it('should make two calls when two tools are named', async () => {
    const res = await chat({ messages: [user('Use get_time and get_weather for Paris')], tools: [weather, clock] });
    expect(res.choices[0]!.content.map((p) => (p.type === 'tool-call' ? p.name : p.type))).toEqual(['get_time', 'get_weather']);
    const serial = await chat({ messages: [user('Use get_time and get_weather')], tools: [weather, clock], parallelToolCalls: false });
    expect(serial.choices[0]!.content).toHaveLength(1);
  });

  it('should call a tool when forced and answer in text when not asked', async () => {
    const forced = await chat({ messages: [user('Hi')], tools: [weather, clock], toolChoice: { type: 'tool', name: 'get_time' } });
    expect(forced.choices[0]!.content[0]).toMatchObject({ type: 'tool-call', name: 'get_time' });
    const required = await chat({ messages: [user('Hi')], tools: [weather], toolChoice: { type: 'required' } });
    expect(required.choices[0]!.finishReason).toBe('tool-calls');
    const auto = await chat({ messages: [user('Hi')], tools: [weather] });
    expect(auto.choices[0]!.finishReason).toBe('stop');
    const none = await chat({ messages: [user('Use get_weather')], tools: [weather], toolChoice: { type: 'none' } });
    expect(none.choices[0]!.finishReason).toBe('stop');
  });

  it('should answer a tool result by quoting it', async () => {
    const messages: IrMessage[] = [
      user('Use get_weather for Oslo'),
      { role: 'assistant', content: [{ type: 'tool-call', id: 'call_1', name: 'get_weather', arguments: '{"city":"Oslo"}' }] },
      { role: 'tool', toolCallId: 'call_1', content: [{ type: 'text', text: '12 degrees and rain' }] },
    ];
    const res = await chat({ messages, tools: [weather] });
    expect(textOf(res)).toBe('The tool returned: 12 degrees and rain');
    expect(res.choices[0]!.finishReason).toBe('stop');
  });
});

describe('chat in JSON mode', () => {
  it('should answer json_object with a JSON object', async () => {
    const res = await chat({ responseFormat: { type: 'json_object' } });
    const parsed = safeParseJson(textOf(res));
    expect(parsed.ok && typeof parsed.value === 'object' && parsed.value !== null).toBe(true);
  });

  it('should answer json_schema with a document that has the required fields', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } }, ok: { type: 'boolean' } }, required: ['name', 'tags', 'ok'] };
    const res = await chat({ messages: [user('Describe Bergen')], responseFormat: { type: 'json_schema', name: 'x', schema }, maxOutputTokens: 200 });
    const parsed = safeParseJson(textOf(res));
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.value).toMatchObject({ name: expect.any(String), tags: [expect.any(String)], ok: true });
    expect(res.choices[0]!.finishReason).toBe('stop');
  });
});

describe('failure triggers', () => {
  it.each([
    [429, 'GW_UPSTREAM_RATE_LIMITED'],
    [500, 'GW_UPSTREAM_ERROR'],
    [503, 'GW_UPSTREAM_UNAVAILABLE'],
  ])('should reject [sim:error:%i] with %s', async (status, code) => {
    const error: unknown = await chat({ messages: [user(`boom [sim:error:${status}]`)] }).catch((e: unknown) => e);
    expect(isGatewayError(error) && error.code).toBe(code);
    if (status === 429) expect(isGatewayError(error) && error.retryAfterSeconds).toBe(1);
  });

  it('should reject the stream call itself, before any event', async () => {
    await expect(provider.streamChat!({ model: 'm', messages: [user('[sim:error:503]')] }, context())).rejects.toMatchObject({
      code: 'GW_UPSTREAM_UNAVAILABLE',
    });
  });

  it('should only fail the targeted provider when the trigger names one', async () => {
    const other = createSimProvider({ id: 'sim-b' });
    const request: IrChatRequest = { model: 'm', messages: [user('hello [sim:error:503@sim-a]')] };
    await expect(provider.chat!(request, context())).rejects.toMatchObject({ code: 'GW_UPSTREAM_UNAVAILABLE' });
    const res = await other.chat!(request, context());
    expect(textOf(res)).toMatch(/^Simulated reply to: "hello"/);
  });
});
