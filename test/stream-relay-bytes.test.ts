import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { startTrickleUpstream, type TrickleUpstream } from '../src/testing/trickle-upstream.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

// The OpenAI-style stream relay frames events on the upstream's bytes and forwards ordinary chunks
// without decoding them. This upstream sends what real servers may: CRLF lines, `data:` without a
// space, comments, a named event, multi-byte characters, an unknown field, and it writes the stream
// a few bytes at a time so events and characters are split across reads.
const TEXTS = ['Grüße', ' 😀 ', '€uro', ' "quoted" \\ back', ' end'];
const chunk = (content: string, extra = '') =>
  JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'upstream-chat-v1', x_vendor: { model: 'keep' }, choices: [{ index: 0, delta: { content }, finish_reason: null }] }) + extra;
const STREAM =
  `data: ${chunk(TEXTS[0]!)}\n\n` +
  `data: ${chunk(TEXTS[1]!)}\r\n\r\n` +
  `: keep-alive\n\ndata:${chunk(TEXTS[2]!)}\n\n` +
  `event: message\ndata: ${chunk(TEXTS[3]!)}\n\n` +
  `data: ${chunk(TEXTS[4]!)}\n\n` +
  `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'upstream-chat-v1', choices: [], usage: { prompt_tokens: 7, completion_tokens: 11, total_tokens: 18 } })}\n\n` +
  'data: [DONE]\n\n';

let upstream: TrickleUpstream;
let gw: TestGateway;

beforeAll(async () => {
  upstream = await startTrickleUpstream(() => STREAM, 7);
  gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: upstream.url }), env: { UP_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await upstream?.close();
});

describe('relaying a stream that arrives in small pieces', () => {
  it('should deliver every chunk intact with the catalogue model, unknown fields kept, and the usage with its cost', async () => {
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key });
    const stream = await client.chat.completions.create({ model: 'acme/chat', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] });
    const texts: string[] = [];
    const models = new Set<string>();
    let usage: Record<string, unknown> | null = null;
    for await (const part of stream) {
      models.add(part.model);
      const content = part.choices[0]?.delta.content;
      if (content) {
        texts.push(content);
        expect((part as unknown as { x_vendor: unknown }).x_vendor).toEqual({ model: 'keep' });
      }
      if (part.usage) usage = part.usage as unknown as Record<string, unknown>;
    }
    expect(texts).toEqual(TEXTS);
    expect([...models]).toEqual(['acme/chat']);
    // 7 × 0.15 + 11 × 0.60 USD per million tokens.
    expect(usage).toMatchObject({ prompt_tokens: 7, completion_tokens: 11, cost: '0.000007650' });
  });
});
