import Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';
import { callEndpoint } from './call-endpoint.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream();
  gw = await startTestGateway({ catalogue: conformanceCatalogue({ openai: up.url, anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
  await claude?.close();
});

const TOOLS = [{ name: 'get_weather', description: 'Weather of a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }];
const PROMPT = 'Think first, then call get_weather for Oslo and say something about the weather in a few words.';

/** Keys of an object, sorted, for exact shape assertions. */
function keys(value: unknown): string[] {
  return Object.keys(value as object).sort();
}

const USAGE_KEYS = ['cache_creation', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'inference_geo', 'input_tokens', 'output_tokens', 'output_tokens_details', 'server_tool_use', 'service_tier', 'speed'];
const DELTA_USAGE_KEYS = ['cache_creation_input_tokens', 'cache_read_input_tokens', 'input_tokens', 'output_tokens', 'output_tokens_details', 'server_tool_use'];

describe('message_start usage.input_tokens (issue 18 item 1)', () => {
  for (const model of ['conf/sim', 'conf/openai']) {
    it(`should carry the prompt's tokens from ${model}, not 0, the count the SDK's stream helper reports`, async () => {
      const answer = await callEndpoint(gw.rootURL, gw.key, 'messages', { model, max_tokens: 60, stream: true, messages: [{ role: 'user', content: PROMPT }] });
      const start = answer.events.find((e) => e.event === 'message_start')!.data.message as { usage: { input_tokens: number } };
      expect(start.usage.input_tokens).toBeGreaterThan(10);
      const delta = answer.events.find((e) => e.event === 'message_delta')!.data.usage as { input_tokens: number };
      if (model === 'conf/sim') expect(start.usage.input_tokens).toBe(delta.input_tokens); // the sim knows its count up front
    });
  }

  it('should reach the SDK: the first event a streaming client sees has the prompt count', async () => {
    const client = new Anthropic({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const stream = await client.messages.create({ model: 'conf/sim', max_tokens: 40, stream: true, messages: [{ role: 'user', content: PROMPT }] });
    let first: number | null = null;
    let final = 0;
    for await (const event of stream) {
      if (event.type === 'message_start') first = event.message.usage.input_tokens;
      if (event.type === 'message_delta') final = event.usage.input_tokens ?? 0;
    }
    expect(first).toBe(final);
    expect(first).toBeGreaterThan(10);
  });
});

describe('fields the SDK declares non-optional (issue 18 item 2)', () => {
  beforeAll(() => up.setReply({ text: 'Mild.', toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }] }));
  afterAll(() => up.reset());

  for (const model of ['conf/sim', 'conf/openai']) {
    it(`should be on the message, its usage and its blocks from ${model}`, async () => {
      const answer = await callEndpoint(gw.rootURL, gw.key, 'messages', { model, max_tokens: 2000, tools: TOOLS, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: [{ role: 'user', content: PROMPT }] });
      expect(answer.status).toBe(200);
      const message = answer.json!;
      expect(message).toMatchObject({ container: null, stop_details: null, diagnostics: null });
      expect(keys(message.usage)).toEqual([...USAGE_KEYS, 'cost'].sort());
      expect(message.usage).toMatchObject({ cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 }, server_tool_use: null, service_tier: 'standard' });
      for (const block of message.content as Record<string, unknown>[]) {
        // No `citations: null` in an answer: the API leaves the key out, and @ai-sdk/anthropic rejects null.
        if (block.type === 'text') expect(keys(block)).toEqual(['text', 'type']);
        if (block.type === 'tool_use') expect(block.caller).toEqual({ type: 'direct' });
        if (block.type === 'thinking') expect(typeof block.signature).toBe('string');
      }
      expect((message.content as { type: string }[]).some((b) => b.type === 'tool_use')).toBe(true);
    });

    it(`should be on every stream event from ${model}, with a signature_delta closing each thinking block`, async () => {
      const answer = await callEndpoint(gw.rootURL, gw.key, 'messages', {
        model, max_tokens: 2000, stream: true, tools: TOOLS, thinking: { type: 'enabled', budget_tokens: 1024 }, messages: [{ role: 'user', content: PROMPT }],
      });
      const events = answer.events.map((e) => e.data);
      const start = events.find((e) => e.type === 'message_start')!.message as Record<string, unknown>;
      expect(start).toMatchObject({ container: null, stop_details: null, diagnostics: null });
      expect(keys(start.usage)).toEqual(USAGE_KEYS);
      const delta = events.find((e) => e.type === 'message_delta')!;
      expect(delta.delta).toMatchObject({ container: null, stop_details: null });
      expect(keys(delta.usage)).toEqual([...DELTA_USAGE_KEYS, 'cost'].sort());
      const blocks = new Map<number, string>();
      for (const [i, e] of events.entries()) {
        if (e.type === 'content_block_start') {
          const block = e.content_block as Record<string, unknown>;
          blocks.set(e.index as number, block.type as string);
          if (block.type === 'text') expect(block).toEqual({ type: 'text', text: '', citations: null });
          if (block.type === 'thinking') expect(block).toEqual({ type: 'thinking', thinking: '', signature: '' });
          if (block.type === 'tool_use') expect(block.caller).toEqual({ type: 'direct' });
        }
        if (e.type === 'content_block_stop' && blocks.get(e.index as number) === 'thinking') {
          expect(events[i - 1]).toMatchObject({ type: 'content_block_delta', index: e.index, delta: { type: 'signature_delta' } });
        }
      }
      expect([...blocks.values()]).toContain('tool_use');
    });
  }
});
