import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateDeliveredTokens } from '../src/billing/estimate-tokens.js';
import { getRequestLogRow, type RequestLogRow } from '../src/billing/request-log-repository.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

// Upstreams that report no usage: the gateway estimates, and bills only what it delivered,
// counting the delivered text as one text whatever the upstream's chunking.

type Script = (res: ServerResponse) => void;
let script: Script = () => undefined;
let upstream: Server;
let gw: TestGateway;

const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

/** A stream of these content pieces, without usage, then `[DONE]`. */
const pieces = (texts: readonly string[]): Script => (res) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  res.write(chunk({ role: 'assistant', content: '' }));
  for (const text of texts) res.write(chunk({ content: text }));
  res.end(`${chunk({}, 'stop')}data: [DONE]\n\n`);
};

beforeAll(async () => {
  upstream = createServer((req, res) => {
    req.resume();
    req.on('end', () => script(res));
  });
  upstream.listen(0, '127.0.0.1');
  await once(upstream, 'listening');
  const port = (upstream.address() as { port: number }).port;
  gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: `http://127.0.0.1:${port}/v1` }), env: { UP_KEY: 'unused' } });
});
afterAll(async () => {
  await gw?.close();
  upstream?.closeAllConnections();
  upstream?.close();
});

async function streamChat(): Promise<{ text: string; row: RequestLogRow }> {
  const res = await fetch(`${gw.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'acme/chat', messages: [{ role: 'user', content: 'count to three please' }], stream: true }),
  });
  const text = await res.text();
  const id = res.headers.get('x-request-id')!;
  await gw.gateway.flushRequestLog();
  return { text, row: (await getRequestLogRow(gw.gateway.store.db, id))! };
}

describe('estimated usage of streams', () => {
  it('should count the delivered text as one string, whatever the chunking', async () => {
    script = pieces(['one ', 'two ', 'three ']);
    const split = await streamChat();
    expect(split.row).toMatchObject({ usageSource: 'estimated', outputTokens: 4 });
    script = pieces(['one two three ']);
    expect((await streamChat()).row.outputTokens).toBe(4);
    script = pieces(Array.from({ length: 10 }, () => 'tok '));
    expect((await streamChat()).row.outputTokens).toBe(11);
    script = pieces(['o', 'ne', ' t', 'wo thr', 'ee ']);
    const fine = await streamChat();
    expect(fine.row.outputTokens).toBe(4);
    expect(fine.row.inputTokens).toBe(split.row.inputTokens);
    expect(fine.row.costNano).toBe(split.row.costNano);
  });

  it('should count every piece of a long stream (3,000 chunks, 330 KB)', async () => {
    // The relay takes each forwarded chunk's text from its bytes as it passes (several chunks per read here).
    script = pieces(Array.from({ length: 3000 }, () => 'tok '));
    const { text, row } = await streamChat();
    expect(text.match(/"content":"tok "/g)).toHaveLength(3000);
    expect(row).toMatchObject({ usageSource: 'estimated', outputTokens: 3001 });
  });

  it('should count text with escapes, multi-byte characters and tool-call arguments as the client decodes it', async () => {
    const texts = ['Say "hi"\n\tthen', ' a backslash \\', ' café 日本語 🎉', ' </s>'];
    const args = ['{"city":', '"Paris", "unit": "°C"}'];
    script = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: null }));
      for (const text of texts) res.write(chunk({ content: text }));
      for (const [i, part] of args.entries()) {
        const call = i === 0 ? { index: 0, id: 'call_1', type: 'function', function: { name: 'weather', arguments: part } } : { index: 0, function: { arguments: part } };
        res.write(chunk({ tool_calls: [call] }));
      }
      res.end(`${chunk({}, 'tool_calls')}data: [DONE]\n\n`);
    };
    const { row } = await streamChat();
    expect(row).toMatchObject({ usageSource: 'estimated', outputTokens: await estimateDeliveredTokens([...texts, ...args]) });
  });

  it('should count the text of events framed with other fields (an id: line), which the relay reads as text', async () => {
    script = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const [i, text] of ['one ', 'two ', 'three '].entries()) res.write(`id: ${i}\n${chunk({ content: text })}`);
      res.end('data: [DONE]\n\n');
    };
    const { text, row } = await streamChat();
    expect(text.match(/"content":/g)).toHaveLength(3);
    expect(row).toMatchObject({ usageSource: 'estimated', outputTokens: 4 });
  });

  it('should bill nothing for a stream that failed before delivering any content', async () => {
    script = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      setTimeout(() => res.destroy(), 20);
    };
    const { text, row } = await streamChat();
    expect(text).toContain('upstream_stream_failed');
    expect(row).toMatchObject({ status: 502, usageSource: 'estimated', inputTokens: 0, outputTokens: 0, costNano: 0n });
  });

  it('should still bill the prompt and the delivered text of a stream that failed after content', async () => {
    script = (res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: 'one two' }));
      setTimeout(() => res.destroy(), 20);
    };
    const { row } = await streamChat();
    expect(row).toMatchObject({ status: 502, usageSource: 'estimated', outputTokens: 2 });
    expect(row.inputTokens).toBeGreaterThan(0);
    expect(row.costNano).toBeGreaterThan(0n);
  });
});
