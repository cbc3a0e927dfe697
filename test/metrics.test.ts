import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatUsd } from '../src/core/money.js';
import { parseMoney } from '../src/store/money-column.js';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { parsePrometheusText, prometheusParserMissing, sampleValue, samplesOf, type PromFamily } from '../src/testing/prometheus-text.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';
import { IN_CI } from '../src/testing/in-ci.js';

const parserMissing = prometheusParserMissing();
if (parserMissing !== null) {
  if (IN_CI) throw new Error(`Metrics tests need Prometheus's parser in CI: ${parserMissing}.`);
  console.warn(`Metrics tests skipped: ${parserMissing}.`);
}

async function scrape(url: string, headers: Record<string, string> = {}): Promise<PromFamily[]> {
  const res = await fetch(url, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

/** Request-log rows as the metrics see them. */
interface LoggedRequest {
  readonly endpoint: string;
  readonly model: string;
  readonly provider: string;
  readonly status: number;
  readonly stream: boolean;
  readonly errorCode: string | null;
  readonly latencyMs: number;
  readonly ttftMs: number | null;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly costNano: bigint;
}

async function requestLog(gw: TestGateway): Promise<LoggedRequest[]> {
  await gw.gateway.flushRequestLog();
  const rows = await gw.gateway.store.db
    .selectFrom('request_log')
    .select(['endpoint', 'model_resolved', 'provider_id', 'status', 'stream', 'error_code', 'latency_ms', 'ttft_ms', 'input_tokens', 'output_tokens', 'cost_nano'])
    .execute();
  return rows.map((r) => ({
    endpoint: r.endpoint,
    model: r.model_resolved ?? '',
    provider: r.provider_id ?? '',
    status: Number(r.status),
    stream: Boolean(Number(r.stream)),
    errorCode: r.error_code,
    latencyMs: Number(r.latency_ms),
    ttftMs: r.ttft_ms === null ? null : Number(r.ttft_ms),
    inputTokens: Number(r.input_tokens),
    outputTokens: Number(r.output_tokens),
    costNano: parseMoney(String(r.cost_nano)),
  }));
}

function groupCount<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

describe.skipIf(parserMissing !== null)('GET /metrics', () => {
  let up: FakeUpstream;
  let gw: TestGateway;
  let client: OpenAI;

  beforeAll(async () => {
    up = await startFakeOpenAIUpstream();
    gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: up.url }), env: { UP_KEY: 'k' } });
    client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
  });
  afterAll(async () => {
    await gw?.close();
    await up?.close();
  });

  it('should move requests, latency, TTFT, tokens, cost, upstream errors and refusals by exactly what the request log holds', async () => {
    const before = await scrape(`${gw.rootURL}/metrics`);
    const chat = { model: 'acme/chat', messages: [{ role: 'user' as const, content: 'count these words please' }] };
    for (let i = 0; i < 3; i++) await client.chat.completions.create({ ...chat, max_tokens: 20 + i });
    for (let i = 0; i < 2; i++) {
      for await (const _ of await client.chat.completions.create({ ...chat, stream: true, stream_options: { include_usage: true } })) void _;
    }
    for await (const _ of await client.chat.completions.create({ ...chat, stream: true })) void _;
    await client.embeddings.create({ model: 'acme/embed', input: ['one', 'two three'] });
    await client.completions.create({ model: 'acme/instruct', prompt: 'def add(a, b):' });
    // Failures: a bad key (401), an unknown model (404), an upstream error (502).
    await expect(new OpenAI({ baseURL: gw.baseURL, apiKey: 'sk-tf-wrong', maxRetries: 0 }).models.list()).rejects.toThrow();
    await expect(client.chat.completions.create({ ...chat, model: 'acme/none' })).rejects.toThrow();
    up.setBehaviour({ kind: 'status', status: 500 }, { times: 1 });
    await expect(client.chat.completions.create(chat)).rejects.toMatchObject({ status: 502 });
    // Admission refusals: an organization without credit (402), a project over its rpm (429).
    const poor = await gw.admin(['org', 'create', '--name', 'poor']);
    const poorProject = await gw.admin(['project', 'create', '--org', String(poor.id), '--name', 'p']);
    const poorKey = String((await gw.admin(['key', 'create', '--project', String(poorProject.id)])).secret);
    await expect(new OpenAI({ baseURL: gw.baseURL, apiKey: poorKey, maxRetries: 0 }).chat.completions.create(chat)).rejects.toMatchObject({ status: 402 });
    const limited = await gw.admin(['project', 'create', '--org', gw.orgId, '--name', 'rpm 1']);
    await gw.admin(['project', 'limits', '--project', String(limited.id), '--rpm', '1']);
    const limitedClient = new OpenAI({ baseURL: gw.baseURL, apiKey: String((await gw.admin(['key', 'create', '--project', String(limited.id)])).secret), maxRetries: 0 });
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    await limitedClient.chat.completions.create(chat);
    await expect(limitedClient.chat.completions.create(chat)).rejects.toMatchObject({ status: 429 });

    const rows = await requestLog(gw);
    const after = await scrape(`${gw.rootURL}/metrics`);
    const delta = (name: string, labels: Record<string, string> = {}) => sampleValue(after, name, labels) - sampleValue(before, name, labels);

    // One count per request-log row, in the row's own labels.
    expect(samplesOf(after, 'tf_gateway_requests_total').reduce((sum, s) => sum + s.value, 0) - samplesOf(before, 'tf_gateway_requests_total').reduce((sum, s) => sum + s.value, 0)).toBe(rows.length);
    for (const [key, count] of groupCount(rows, (r) => JSON.stringify([r.endpoint, r.model, r.provider, String(r.status)]))) {
      const [endpoint, model, provider, status] = JSON.parse(key) as string[];
      expect(delta('tf_gateway_requests_total', { endpoint: endpoint!, model: model!, provider: provider!, status: status! }), key).toBe(count);
    }
    // Latency: one observation per row, the sum of the latencies logged.
    for (const [key, count] of groupCount(rows, (r) => JSON.stringify([r.endpoint, r.model, r.provider, String(r.stream)]))) {
      const [endpoint, model, provider, stream] = JSON.parse(key) as string[];
      const labels = { endpoint: endpoint!, model: model!, provider: provider!, stream: stream! };
      expect(delta('tf_gateway_request_duration_seconds_count', labels), key).toBe(count);
      expect(delta('tf_gateway_request_duration_seconds_bucket', { ...labels, le: '+Inf' }), key).toBe(count);
      const latency = rows.filter((r) => JSON.stringify([r.endpoint, r.model, r.provider, String(r.stream)]) === key).reduce((s, r) => s + r.latencyMs, 0);
      expect(delta('tf_gateway_request_duration_seconds_sum', labels)).toBeCloseTo(latency / 1000, 6);
    }
    // TTFT: streams that sent a first chunk.
    const streamed = rows.filter((r) => r.stream && r.ttftMs !== null);
    expect(streamed.length).toBe(3);
    expect(delta('tf_gateway_time_to_first_token_seconds_count', { endpoint: 'chat.completions', model: 'acme/chat', provider: 'up' })).toBe(3);
    expect(delta('tf_gateway_time_to_first_token_seconds_sum', { endpoint: 'chat.completions', model: 'acme/chat', provider: 'up' })).toBeCloseTo(streamed.reduce((s, r) => s + r.ttftMs!, 0) / 1000, 6);
    // Tokens and cost per model: the log's sums, the cost to the nano-USD.
    for (const model of ['acme/chat', 'acme/embed', 'acme/instruct']) {
      const mine = rows.filter((r) => r.model === model);
      expect(delta('tf_gateway_tokens_total', { model, type: 'input' }), model).toBe(mine.reduce((s, r) => s + r.inputTokens, 0));
      expect(delta('tf_gateway_tokens_total', { model, type: 'output' }), model).toBe(mine.reduce((s, r) => s + r.outputTokens, 0));
      const cost = mine.reduce((s, r) => s + r.costNano, 0n);
      expect(cost).toBeGreaterThan(0n);
      expect(sampleValue(after, 'tf_gateway_cost_usd_total', { model }), model).toBe(Number(formatUsd(cost)));
    }
    expect(mine(rows, 'acme/embed').every((r) => r.outputTokens === 0)).toBe(true);
    // Upstream errors by provider, refusals by reason.
    expect(rows.filter((r) => r.errorCode === 'upstream_error')).toHaveLength(1);
    expect(delta('tf_gateway_upstream_errors_total', { provider: 'up', code: 'upstream_error' })).toBe(1);
    expect(delta('tf_gateway_admission_refusals_total', { reason: 'insufficient_balance', status: '402' })).toBe(1);
    expect(delta('tf_gateway_admission_refusals_total', { reason: 'rate_limit_exceeded', status: '429' })).toBe(1);
    // Admitted: every request that reached an upstream (answered, or failed there).
    expect(delta('tf_gateway_admission_holds_total')).toBe(rows.filter((r) => r.status === 200 && r.endpoint !== 'models').length + 1);
    // Nothing in flight once the answers are in; the writer queue was flushed.
    expect(sampleValue(after, 'tf_gateway_requests_in_flight')).toBe(0);
    expect(sampleValue(after, 'tf_gateway_streams_open')).toBe(0);
    expect(sampleValue(after, 'tf_gateway_request_log_queued_entries')).toBe(0);
  });

  it('should follow Prometheus naming and keep no key, user, organization or request id in a label', async () => {
    const families = await scrape(`${gw.rootURL}/metrics`);
    const ours = families.filter((f) => f.name.startsWith('tf_gateway_'));
    expect(ours.map((f) => f.name)).toEqual(
      expect.arrayContaining(['tf_gateway_requests', 'tf_gateway_request_duration_seconds', 'tf_gateway_time_to_first_token_seconds', 'tf_gateway_tokens', 'tf_gateway_cost_usd', 'tf_gateway_settlement_lag_seconds', 'tf_gateway_usage_outbox_events']),
    );
    for (const family of ours) {
      expect(family.help, family.name).not.toBe('');
      // The official parser names a counter family without `_total` and its samples with it.
      if (family.type === 'counter') for (const s of family.samples) expect(s.name, family.name).toMatch(/_total$/);
      if (family.type === 'histogram') expect(family.name).toMatch(/_seconds$/);
      for (const s of family.samples) {
        for (const value of Object.values(s.labels)) expect(value, `${s.name} ${JSON.stringify(s.labels)}`).not.toMatch(/^(req|key|org|proj|usr)_|sk-tf-/);
      }
    }
    // Process metrics are there too.
    expect(sampleValue(families, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(families.some((f) => f.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('should show requests in flight, open streams and held money while a stream runs, and none after', async () => {
    up.setBehaviour({ kind: 'slow-chunks', delayMs: 200 });
    try {
      const stream = await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'slow one' }], stream: true });
      const iterator = stream[Symbol.asyncIterator]();
      await iterator.next();
      const during = await scrape(`${gw.rootURL}/metrics`);
      expect(sampleValue(during, 'tf_gateway_requests_in_flight')).toBe(1);
      expect(sampleValue(during, 'tf_gateway_streams_open')).toBe(1);
      expect(sampleValue(during, 'tf_gateway_admission_holds')).toBe(1);
      while (!(await iterator.next()).done);
    } finally {
      up.setBehaviour({ kind: 'ok' });
    }
    await expect.poll(async () => sampleValue(await scrape(`${gw.rootURL}/metrics`), 'tf_gateway_admission_holds')).toBe(0);
    const after = await scrape(`${gw.rootURL}/metrics`);
    expect(sampleValue(after, 'tf_gateway_requests_in_flight')).toBe(0);
    expect(sampleValue(after, 'tf_gateway_streams_open')).toBe(0);
  });

  it('should carry an x-request-id and be described in /openapi.json, like /health/live and /health/ready', async () => {
    const res = await fetch(`${gw.rootURL}/metrics`);
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const doc = (await (await fetch(`${gw.rootURL}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    for (const path of ['/metrics', '/health', '/health/live', '/health/ready']) expect(doc.paths[path]?.get, path).toBeDefined();
  });
});

function mine(rows: readonly LoggedRequest[], model: string): LoggedRequest[] {
  return rows.filter((r) => r.model === model);
}

describe.skipIf(parserMissing !== null)('GET /metrics on its own port, behind a token', () => {
  let gw: TestGateway;
  const token = 'metrics-token-0123456789';

  beforeAll(async () => {
    const up = await startFakeOpenAIUpstream();
    // Settlement runs only when the test asks (a pass per hour otherwise).
    gw = await startTestGateway({
      catalogue: upstreamCatalogue({ openai: up.url }),
      env: { UP_KEY: 'k' },
      serverEnv: { TF_METRICS_PORT: '0', TF_METRICS_TOKEN: token, TF_SETTLE_INTERVAL_MS: '3600000' },
    });
    const closeGateway = gw.close.bind(gw);
    gw = { ...gw, close: async () => (await closeGateway(), await up.close()) };
    await new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 }).chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'hi' }] });
  });
  afterAll(async () => {
    await gw?.close();
  });

  it('should serve /metrics only on TF_METRICS_PORT, and refuse a scrape without TF_METRICS_TOKEN in the envelope', async () => {
    const main = await fetch(`${gw.rootURL}/metrics`);
    expect(main.status).toBe(404);
    expect(gw.gateway.metricsUrl).not.toBeNull();
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: token }] as Record<string, string>[]) {
      const refused = await fetch(`${gw.gateway.metricsUrl}/metrics`, { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get('x-request-id')).toMatch(/^req_/);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_metrics_token');
    }
    const families = await scrape(`${gw.gateway.metricsUrl}/metrics`, { authorization: `Bearer ${token}` });
    expect(sampleValue(families, 'tf_gateway_requests_total', { endpoint: 'chat.completions', status: '200' })).toBe(1);
    expect((await fetch(`${gw.gateway.metricsUrl}/v1/models`)).status).toBe(404);
  });

  it('should report the outbox the last settlement pass found and the time since a pass left it empty', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    await gw.gateway.metering.settler.runOnce();
    for (let i = 0; i < 3; i++) await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: `settle ${i}` }] });
    await gw.gateway.flushRequestLog();
    await new Promise((r) => setTimeout(r, 1200));
    // No pass since the three were written: the lag counts from the last pass that emptied the outbox.
    const waiting = await scrape(`${gw.gateway.metricsUrl}/metrics`, auth);
    expect(sampleValue(waiting, 'tf_gateway_settlement_lag_seconds')).toBeGreaterThanOrEqual(1.2);
    await gw.gateway.metering.settler.runOnce();
    const settled = await scrape(`${gw.gateway.metricsUrl}/metrics`, auth);
    expect(sampleValue(settled, 'tf_gateway_usage_outbox_events')).toBe(3);
    expect(sampleValue(settled, 'tf_gateway_settlement_lag_seconds')).toBeLessThan(1);
    const unsettled = await gw.gateway.store.db.selectFrom('usage_events').select((eb) => eb.fn.countAll<number>().as('n')).where('settled_at', 'is', null).executeTakeFirstOrThrow();
    expect(Number(unsettled.n)).toBe(0);
  });
});

describe('TF_METRICS=false', () => {
  it('should serve no /metrics', async () => {
    const up = await startFakeOpenAIUpstream();
    const gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: up.url }), env: { UP_KEY: 'k' }, serverEnv: { TF_METRICS: 'false' } });
    try {
      const res = await fetch(`${gw.rootURL}/metrics`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unknown_url');
    } finally {
      await gw.close();
      await up.close();
    }
  });
});
