import Anthropic from '@anthropic-ai/sdk';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

/**
 * A translated stream (an OpenAI client on an Anthropic upstream, or the reverse), and a Messages
 * stream relayed as it is, keep their upstream connection: the end of the upstream's chunked body may arrive in a later read than the answer's
 * last event (`message_stop`, `[DONE]`), and the gateway reads it rather than cancel the call, which
 * would close the keep-alive connection and make the next call open (in production: handshake) a new one.
 */

const TAIL_MS = 40;

const anthropicEvents = [
  ['message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-up', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } } }],
  ['content_block_start', { index: 0, content_block: { type: 'text', text: '' } }],
  ['content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'Hello' } }],
  ['content_block_delta', { index: 0, delta: { type: 'text_delta', text: ' there' } }],
  ['content_block_stop', { index: 0 }],
  ['message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 2 } }],
  ['message_stop', {}],
] as const;
const anthropicStream = anthropicEvents.map(([type, data]) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`).join('');

const chunk = (delta: object, finish: string | null, usage: object | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-up', choices: usage === null ? [{ index: 0, delta, finish_reason: finish }] : [], usage })}\n\n`;
const openaiStream = [
  chunk({ role: 'assistant', content: '' }, null),
  chunk({ content: 'Hello' }, null),
  chunk({ content: ' there' }, null),
  chunk({}, 'stop'),
  chunk({}, null, { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 }),
  'data: [DONE]\n\n',
].join('');

/** Both upstreams on one server: the whole answer in one write, the end of the body TAIL_MS later. */
class TailingUpstream {
  connections = 0;
  private readonly server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(req.url === '/v1/messages' ? anthropicStream : openaiStream);
      setTimeout(() => res.end(), TAIL_MS);
    });
  });

  constructor() {
    this.server.on('connection', () => this.connections++);
  }

  async listen(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('streams read through the IR or the Messages relay, and their upstream connection', () => {
  const upstream = new TailingUpstream();
  let gw: TestGateway;

  beforeAll(async () => {
    const url = await upstream.listen();
    gw = await startTestGateway({
      catalogue: `
providers:
  - {id: claude, type: anthropic, baseUrl: "${url}"}
  - {id: gpt, type: openai, baseUrl: "${url}/v1"}
models:
  - {id: acme/claude, kind: chat, contextLength: 32000, maxOutputTokens: 100, pricing: {input: "1.00", output: "2.00"}, provider: claude, upstreamModel: claude-up}
  - {id: acme/gpt, kind: chat, contextLength: 32000, maxOutputTokens: 100, pricing: {input: "1.00", output: "2.00"}, provider: gpt, upstreamModel: gpt-up}
`,
    });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream.close();
  });

  it('should stream an OpenAI client from an Anthropic upstream three times over one upstream connection', async () => {
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    const before = upstream.connections;
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const stream = await client.chat.completions.create({ model: 'acme/claude', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      let cost: unknown = null;
      for await (const part of stream) {
        text += part.choices[0]?.delta.content ?? '';
        if (part.usage) cost = (part.usage as unknown as { cost: string }).cost;
      }
      expect(text).toBe('Hello there');
      expect(cost).toBe('0.000016000');
      // The answer ends at message_stop, not when the upstream's body does.
      expect(Date.now() - started).toBeLessThan(TAIL_MS + 1000);
      // The next call comes once the tail was read, as a client's next request usually does.
      await sleep(TAIL_MS * 3);
    }
    expect(upstream.connections - before).toBe(1);
  });

  it('should stream an Anthropic client from an OpenAI upstream three times over one upstream connection', async () => {
    const client = new Anthropic({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const before = upstream.connections;
    for (let i = 0; i < 3; i++) {
      const stream = client.messages.stream({ model: 'acme/gpt', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] });
      const message = await stream.finalMessage();
      expect(message.content).toMatchObject([{ type: 'text', text: 'Hello there' }]);
      expect(message.usage.output_tokens).toBe(2);
      await sleep(TAIL_MS * 3);
    }
    expect(upstream.connections - before).toBe(1);
  });

  it('should relay an Anthropic client from an Anthropic upstream three times over one upstream connection', async () => {
    // Not translated, but read the same way: the end of the body after message_stop is read, not cut.
    const client = new Anthropic({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const before = upstream.connections;
    for (let i = 0; i < 3; i++) {
      const message = await client.messages.stream({ model: 'acme/claude', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }).finalMessage();
      expect(message.content).toMatchObject([{ type: 'text', text: 'Hello there' }]);
      expect(message.model).toBe('acme/claude');
      await sleep(TAIL_MS * 3);
    }
    // At most one: the claude provider's connection from the first test may still be open.
    expect(upstream.connections - before).toBeLessThanOrEqual(1);
  });
});
