import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRequestLogRow, listRequestLogRows } from '../src/billing/request-log-repository.js';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

let up: FakeUpstream;
let gw: TestGateway;
let client: OpenAI;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream({ apiKey: 'upstream-secret' });
  gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: up.url }), env: { UP_KEY: 'upstream-secret' } });
  client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
});
beforeEach(() => up.reset());

const ask = { model: 'acme/chat', messages: [{ role: 'user' as const, content: 'hello upstream' }] };

/** POST through the gateway with fetch, returning the raw SSE text. */
async function rawStream(body: Record<string, unknown>): Promise<{ status: number; text: string; requestId: string }> {
  const res = await fetch(`${gw.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, stream: true }),
  });
  return { status: res.status, text: await res.text(), requestId: res.headers.get('x-request-id') ?? '' };
}

describe('passthrough to an OpenAI-compatible upstream', () => {
  it('should forward the body with the upstream model name and credentials, keeping unknown fields both ways', async () => {
    const res = await client.chat.completions.create({ ...ask, logit_bias: { '50256': -100 }, metadata: { run: 'x' } } as OpenAI.ChatCompletionCreateParamsNonStreaming);
    const sent = up.requests.at(-1)!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer upstream-secret');
    expect(sent.headers['x-request-id']).toMatch(/^req_/);
    const body = sent.body as Record<string, unknown>;
    expect(body.model).toBe('upstream-chat-v1');
    expect(body.logit_bias).toEqual({ '50256': -100 });
    expect(body.metadata).toEqual({ run: 'x' });
    expect(res.choices[0]!.message.content).toBe('Hello from the fake upstream.');
    expect(res.system_fingerprint).toBe('fp_fake');
    const usage = res.usage as OpenAI.CompletionUsage & { cost: string };
    // $0.15 / $0.60 per million tokens, in nano-USD, rounded once, half up.
    const nano = (BigInt(usage.prompt_tokens) * 150_000_000n + BigInt(usage.completion_tokens) * 600_000_000n + 500_000n) / 1_000_000n;
    expect(usage.cost).toBe(`0.${nano.toString().padStart(9, '0')}`);
  });

  it('should price cached prompt tokens at the cached price', async () => {
    up.setReply({ usage: { inputTokens: 1000, cacheReadTokens: 3000, outputTokens: 100 } });
    const res = await client.chat.completions.create(ask);
    // (1000 x 0.15 + 3000 x 0.075 + 100 x 0.60) USD per million tokens = 435 / 1e6 USD
    expect((res.usage as unknown as { cost: string }).cost).toBe('0.000435000');
  });

  it('should always ask the upstream for usage, and hide the usage chunk from a client that did not ask', async () => {
    const { text } = await rawStream(ask);
    const body = up.requests.at(-1)!.body as { stream_options?: { include_usage?: boolean } };
    expect(body.stream_options?.include_usage).toBe(true);
    expect(text).not.toMatch(/"usage":\{/);
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
  });

  it('should send the usage chunk with cost last when the client asked', async () => {
    const stream = await client.chat.completions.create({ ...ask, stream: true, stream_options: { include_usage: true } });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const c of stream) chunks.push(c);
    expect(chunks.at(-1)!.choices).toEqual([]);
    expect((chunks.at(-1)!.usage as unknown as { cost: string }).cost).toMatch(/^0\.\d{9}$/);
    expect(chunks.slice(0, -1).map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('Hello from the fake upstream.');
  });

  it('should relay streamed parallel tool-call deltas that the SDK helper reassembles', async () => {
    up.setReply({ toolCalls: [{ name: 'get_weather', arguments: { city: 'Oslo' } }, { name: 'get_time', arguments: { zone: 'CET' } }] });
    const final = await client.chat.completions
      .stream({ ...ask, tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }, { type: 'function', function: { name: 'get_time', parameters: { type: 'object' } } }] })
      .finalChatCompletion();
    const calls = final.choices[0]!.message.tool_calls!.map((c) => (c.type === 'function' ? [c.function.name, JSON.parse(c.function.arguments)] : null));
    expect(calls).toEqual([
      ['get_weather', { city: 'Oslo' }],
      ['get_time', { zone: 'CET' }],
    ]);
    expect(final.choices[0]!.finish_reason).toBe('tool_calls');
  });

  it('should estimate and mark usage when the upstream reports none', async () => {
    up.setBehaviour({ kind: 'no-usage' });
    const { data, response } = await client.chat.completions.create(ask).withResponse();
    expect(data.usage!.completion_tokens).toBeGreaterThan(0);
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, response.headers.get('x-request-id')!);
    expect(row!.usageSource).toBe('estimated');
    expect(row!.costNano).toBe(BigInt((data.usage as unknown as { cost: string }).cost.replace('.', '')));
  });
});

describe('upstream failures', () => {
  it('should map a 429 to 429 with the upstream retry-after', async () => {
    up.setBehaviour({ kind: 'status', status: 429, retryAfter: '7' });
    const res = await fetch(`${gw.baseURL}/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' }, body: JSON.stringify(ask) });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('upstream_rate_limited');
  });

  it('should let the SDK retry a 429 and succeed', async () => {
    up.setBehaviour({ kind: 'status', status: 429, retryAfter: '0' }, { times: 1 });
    const retrying = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 2 });
    const res = await retrying.chat.completions.create(ask);
    expect(res.choices[0]!.message.content).toBeTruthy();
  });

  it.each([
    [{ kind: 'status', status: 500 } as const, 502, 'upstream_error'],
    [{ kind: 'status', status: 503 } as const, 503, 'upstream_unavailable'],
    [{ kind: 'status', status: 400, body: { error: { message: 'bad thing', type: 'invalid_request_error' } } } as const, 400, 'upstream_bad_request'],
    [{ kind: 'reset-before-headers' } as const, 502, 'upstream_error'],
    [{ kind: 'slow-headers', delayMs: 2500 } as const, 504, 'upstream_timeout'],
  ])('should map %j to %i %s', async (behaviour, status, code) => {
    up.setBehaviour(behaviour);
    const error = await client.chat.completions.create(ask).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(status);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe(code);
  });

  it('should end a stream that breaks after the first byte with an error frame, an error finish and [DONE], billing what was delivered', async () => {
    up.setBehaviour({ kind: 'reset-after-first-chunk' });
    const { status, text, requestId } = await rawStream(ask);
    expect(status).toBe(200);
    const frames = text.split('\n\n').filter((f) => f.startsWith('data: ')).map((f) => f.slice(6));
    expect(frames.at(-1)).toBe('[DONE]');
    const error = JSON.parse(frames.at(-3)!) as { error: { code: string } };
    expect(error.error.code).toBe('upstream_stream_failed');
    const closing = JSON.parse(frames.at(-2)!) as { choices: { finish_reason: string }[] };
    expect(closing.choices[0]!.finish_reason).toBe('error');
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, requestId);
    expect(row!.status).toBe(502);
    expect(row!.errorCode).toBe('upstream_stream_failed');
    expect(row!.usageSource).toBe('estimated');
  });

  it('should make the SDK throw on a mid-stream upstream error', async () => {
    up.setBehaviour({ kind: 'stream-error', message: 'boom' });
    const stream = await client.chat.completions.create({ ...ask, stream: true });
    await expect(async () => {
      for await (const _ of stream) {
        // drain
      }
    }).rejects.toThrow(/boom/);
  });
});

describe('client disconnect', () => {
  let slow: Server;
  let closedAt: number | null = null;
  let slowGw: TestGateway;

  beforeAll(async () => {
    // An upstream that sends one chunk, then waits: it records when the gateway drops the connection.
    // A non-streaming request gets no answer at all.
    slow = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        res.on('close', () => (closedAt = Date.now()));
        if (!(JSON.parse(body) as { stream?: boolean }).stream) return;
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(`data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta: { role: 'assistant', content: 'first' }, finish_reason: null }] })}\n\n`);
      });
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const port = (slow.address() as { port: number }).port;
    slowGw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: `http://127.0.0.1:${port}/v1` }, { connectMs: 1000, headersMs: 30000, idleMs: 30000 }), env: { UP_KEY: 'unused' } });
  });
  afterAll(async () => {
    await slowGw?.close();
    slow.closeAllConnections();
    slow.close();
  });

  it('should abort the upstream call when the client goes away mid-stream, and log it as 499', async () => {
    const controller = new AbortController();
    const res = await fetch(`${slowGw.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slowGw.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...ask, stream: true }),
      signal: controller.signal,
    });
    const requestId = res.headers.get('x-request-id')!;
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain('first');
    const abortedAt = Date.now();
    controller.abort();
    await expect.poll(() => closedAt, { timeout: 3000 }).not.toBeNull();
    expect(closedAt! - abortedAt).toBeLessThan(1000);
    await expect
      .poll(async () => {
        await slowGw.gateway.flushRequestLog();
        return (await getRequestLogRow(slowGw.gateway.store.db, requestId))?.status;
      }, { timeout: 3000 })
      .toBe(499);
  });

  it('should abort a non-streaming upstream call when the client goes away while waiting, and log it as 499', async () => {
    closedAt = null;
    const controller = new AbortController();
    const answered = fetch(`${slowGw.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${slowGw.key}`, 'content-type': 'application/json' },
      body: JSON.stringify(ask),
      signal: controller.signal,
    }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closedAt).toBeNull();
    const abortedAt = Date.now();
    controller.abort();
    expect(await answered).toBeInstanceOf(Error);
    await expect.poll(() => closedAt, { timeout: 3000 }).not.toBeNull();
    expect(closedAt! - abortedAt).toBeLessThan(1000);
    await expect
      .poll(async () => {
        await slowGw.gateway.flushRequestLog();
        return (await listRequestLogRows(slowGw.gateway.store.db, { limit: 1 }))[0]?.status;
      }, { timeout: 3000 })
      .toBe(499);
  });
});
