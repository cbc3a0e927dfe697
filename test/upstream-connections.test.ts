import OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { HoldingUpstream } from '../src/testing/holding-upstream.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

function catalogue(url: string, limits: string): string {
  return `
providers:
  - {id: up, type: openai, baseUrl: "${url}", timeouts: {connectMs: 2000, headersMs: 5000, idleMs: 30000}${limits}}
models:
  - {id: acme/chat, kind: chat, contextLength: 32000, maxOutputTokens: 100, pricing: {input: "1.00", output: "2.00"}, provider: up, upstreamModel: up-model}
`;
}

/** Inference requests the gateway is handling, read from its /metrics. */
async function inFlight(gw: TestGateway): Promise<number> {
  const text = await (await fetch(`${gw.rootURL}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('tf_gateway_requests_in_flight '));
  return line === undefined ? -1 : Number(line.split(' ')[1]);
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Open a stream through the SDK and resolve once its first content arrived; the rest is read in the background. */
async function openStream(client: OpenAI): Promise<{ id: string; done: Promise<string> }> {
  const { data: stream, response } = await client.chat.completions
    .create({ model: 'acme/chat', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } })
    .withResponse();
  const iterator = stream[Symbol.asyncIterator]();
  const first = await iterator.next();
  let text = first.done ? '' : (first.value.choices[0]?.delta.content ?? '');
  const done = (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) text += next.value.choices[0]?.delta.content ?? '';
    return text;
  })();
  return { id: response.headers.get('x-request-id') ?? '', done };
}

describe('upstream connections without a limit (the default)', () => {
  const upstream = new HoldingUpstream();
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: catalogue(await upstream.listen(), '') });
  });
  afterAll(async () => {
    await gw?.close();
    await upstream.close();
  });

  it('should give each of 300 held streams its first token at once: no queue at 256 connections', async () => {
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    const streams = await Promise.all(Array.from({ length: 300 }, () => openStream(client)));
    // Every stream got its first chunk while all 300 upstream calls were still open.
    expect(upstream.holding).toBe(300);
    upstream.releaseAll();
    const texts = await Promise.all(streams.map((s) => s.done));
    expect(texts.every((t) => t === 'hello')).toBe(true);
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, streams[0]!.id);
    expect(row?.upstreamWaitMs).toBe(0);
  }, 60_000);
});

describe('upstream connections with maxConnections', () => {
  const upstream = new HoldingUpstream();
  let gw: TestGateway;
  let client: OpenAI;

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: catalogue(await upstream.listen(), ', maxConnections: 2, queueTimeoutMs: 1500') });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
  });
  afterEach(() => upstream.releaseAll());
  afterAll(async () => {
    await gw?.close();
    await upstream.close();
  });

  it('should let a call past the limit wait for a free connection and log how long it waited', async () => {
    const first = await openStream(client);
    await openStream(client);
    const third = openStream(client);
    // Once the gateway holds three requests, the third is waiting at the gate (not at the upstream).
    await until(async () => (await inFlight(gw)) === 3, 'the third request to reach the gateway');
    await new Promise((r) => setTimeout(r, 150));
    expect(upstream.opened).toBe(2);
    upstream.releaseOne();
    const waited = await third;
    expect(await first.done).toBe('hello');
    upstream.releaseAll();
    expect(await waited.done).toBe('hello');
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, waited.id);
    expect(row?.status).toBe(200);
    expect(row?.upstreamWaitMs).toBeGreaterThanOrEqual(140);
    expect(row?.upstreamWaitMs).toBeLessThan(1500);
  });

  it('should answer a retryable 503 upstream_busy with retry-after once the wait passes queueTimeoutMs', async () => {
    upstream.opened = 0;
    await openStream(client);
    await openStream(client);
    const started = Date.now();
    const error = await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(503);
    expect(apiError.code).toBe('upstream_busy');
    expect(apiError.headers?.get('retry-after')).toBe('2');
    expect(elapsed).toBeGreaterThanOrEqual(1490);
    expect(elapsed).toBeLessThan(5000);
    expect(upstream.opened).toBe(2);
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, apiError.headers?.get('x-request-id') ?? '');
    expect(row?.errorCode).toBe('upstream_busy');
    expect(row?.upstreamWaitMs).toBeGreaterThanOrEqual(1490);
    expect(row?.costNano).toBe(0n);
  });

  it('should give the slot of a client that leaves while waiting to nobody: the next call still gets through', async () => {
    await openStream(client);
    await openStream(client);
    const controller = new AbortController();
    const leaving = client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'hi' }], stream: true }, { signal: controller.signal }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    expect(await leaving).toBeInstanceOf(OpenAI.APIUserAbortError);
    upstream.releaseOne();
    const next = await openStream(client);
    upstream.releaseAll();
    expect(await next.done).toBe('hello');
    await until(() => upstream.holding === 0, 'streams to end');
  });
});
