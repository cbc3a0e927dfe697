import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminJson, createFundedKey } from '../src/testing/admin-json.js';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { openStore } from '../src/store/database.js';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../src/testing/otlp-receiver.js';
import { startServeProcess, type ServeProcess } from '../src/testing/serve-process.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

const PROMPT = 'the secret prompt words';
const REPLY = 'a completion nobody should see';
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT_SPAN = '00f067aa0ba902b7';

/** A database with one funded key and one key of an organization without credit. */
async function provision(databaseUrl: string): Promise<{ key: string; poorKey: string }> {
  const admin = (args: string[]) => adminJson(databaseUrl, args);
  const { key } = await createFundedKey(databaseUrl, { org: 'traced', amount: '10.00' });
  const poor = await admin(['org', 'create', '--name', 'poor']);
  const poorProject = await admin(['project', 'create', '--org', String(poor.id), '--name', 'p']);
  const poorKey = String((await admin(['key', 'create', '--project', String(poorProject.id)])).secret);
  return { key, poorKey };
}

/** The spans of one request: its root (by `tf.request_id`) and everything under it. */
function treeOf(spans: readonly ReceivedSpan[], requestId: string): { root: ReceivedSpan; children: ReceivedSpan[] } | null {
  const root = spans.find((s) => s.attributes['tf.request_id'] === requestId);
  if (root === undefined) return null;
  return { root, children: spans.filter((s) => s.parentSpanId === root.spanId && s.traceId === root.traceId) };
}

describe('OpenTelemetry tracing (OTLP/HTTP JSON to a receiver)', () => {
  let dir: string;
  let up: FakeUpstream;
  let receiver: OtlpReceiver;
  let gw: ServeProcess;
  let keys: { key: string; poorKey: string };
  let databaseUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-trace-'));
    up = await startFakeOpenAIUpstream();
    up.setReply({ text: REPLY });
    receiver = await startOtlpReceiver();
    writeFileSync(join(dir, 'catalogue.yaml'), upstreamCatalogue({ openai: up.url }));
    databaseUrl = `sqlite:${join(dir, 'gw.db')}`;
    keys = await provision(databaseUrl);
    gw = await startServeProcess(['--config', join(dir, 'catalogue.yaml'), '--database', databaseUrl, '--port', '0'], {
      UP_KEY: 'k',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'tf-gateway-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '50',
    });
  }, 60_000);
  afterAll(async () => {
    await gw?.stop();
    await receiver?.close();
    await up?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('should export one server span per request under the caller\'s traceparent, with admission, upstream-call and settlement children and GenAI attributes', async () => {
    const client = new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: keys.key, maxRetries: 0, defaultHeaders: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` } });
    const { data: answer, response } = await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: PROMPT }], max_tokens: 50 }).withResponse();
    const requestId = response.headers.get('x-request-id')!;
    await expect.poll(() => treeOf(receiver.spans(), requestId)?.children.length ?? 0, { timeout: 10_000 }).toBe(3);
    const { root, children } = treeOf(receiver.spans(), requestId)!;

    // Propagation in: the caller's trace and span are the parents.
    expect(root.traceId).toBe(TRACE_ID);
    expect(root.parentSpanId).toBe(PARENT_SPAN);
    expect(root.kind).toBe(2);
    expect(root.name).toBe('POST /v1/chat/completions');
    expect(root.resource['service.name']).toBe('tf-gateway-under-test');
    expect(root.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.request.model': 'acme/chat',
      'gen_ai.usage.input_tokens': answer.usage!.prompt_tokens,
      'gen_ai.usage.output_tokens': answer.usage!.completion_tokens,
      'http.response.status_code': 200,
      'http.request.method': 'POST',
      'tf.model': 'acme/chat',
      'tf.provider.id': 'up',
      'tf.cost_usd': (answer.usage as unknown as { cost: string }).cost,
    });

    const byName = new Map(children.map((s) => [s.name, s]));
    expect([...byName.keys()].sort()).toEqual(['admission', 'chat upstream-chat-v1', 'settlement']);
    const admission = byName.get('admission')!;
    const call = byName.get('chat upstream-chat-v1')!;
    const settlement = byName.get('settlement')!;
    expect(call.kind).toBe(3);
    expect(call.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'upstream-chat-v1',
      'gen_ai.usage.input_tokens': answer.usage!.prompt_tokens,
      'gen_ai.usage.output_tokens': answer.usage!.completion_tokens,
      'server.address': '127.0.0.1',
      'tf.provider.id': 'up',
    });
    // In order: money is held before the upstream is called; settlement comes after the answer.
    expect(admission.endNs).toBeLessThanOrEqual(call.startNs);
    expect(call.endNs).toBeLessThanOrEqual(root.endNs);
    expect(settlement.startNs).toBeGreaterThanOrEqual(call.endNs);
    for (const span of [root, admission, call, settlement]) expect(span.statusCode, span.name).not.toBe(2);

    // Propagation out: the upstream got the trace with the client span as its parent.
    const upstream = up.requests.find((r) => r.headers['x-request-id'] === requestId)!;
    expect(upstream.headers.traceparent).toBe(`00-${TRACE_ID}-${call.spanId}-01`);

    // The request log and the trace name the same request.
    const store = await openStore(databaseUrl);
    try {
      await expect.poll(async () => (await getRequestLogRow(store.db, requestId))?.status, { timeout: 5000 }).toBe(200);
    } finally {
      await store.close();
    }
  });

  it('should start a new trace without a traceparent, end the upstream span of a stream with the stream, and keep prompts and completions out', async () => {
    const client = new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: keys.key, maxRetries: 0 });
    const { data: stream, response } = await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: PROMPT }], stream: true, stream_options: { include_usage: true } }).withResponse();
    let usage: OpenAI.CompletionUsage | null | undefined = null;
    for await (const chunk of stream) usage = chunk.usage ?? usage;
    const requestId = response.headers.get('x-request-id')!;
    await expect.poll(() => treeOf(receiver.spans(), requestId)?.children.length ?? 0, { timeout: 10_000 }).toBe(3);
    const { root, children } = treeOf(receiver.spans(), requestId)!;
    expect(root.parentSpanId).toBe('');
    expect(root.traceId).not.toBe(TRACE_ID);
    expect(root.attributes['tf.stream']).toBe(true);
    const call = children.find((s) => s.kind === 3)!;
    expect(call.attributes['gen_ai.usage.output_tokens']).toBe(usage!.completion_tokens);
    expect(up.requests.find((r) => r.headers['x-request-id'] === requestId)!.headers.traceparent).toBe(`00-${root.traceId}-${call.spanId}-01`);
    // No prompt or completion text anywhere in what was exported.
    const exported = receiver.exports.map((e) => e.body.toString('utf8')).join('\n');
    expect(exported).not.toContain(PROMPT);
    expect(exported).not.toContain(REPLY);
    expect(exported).not.toContain('gen_ai.input.messages');
  });

  it('should mark the admission span and the request of a refused request (402) with the error code, and call no upstream', async () => {
    const client = new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: keys.poorKey, maxRetries: 0 });
    const calls = up.requests.length;
    const refused = (await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(refused.status).toBe(402);
    const requestId = refused.headers!.get('x-request-id')!;
    await expect.poll(() => treeOf(receiver.spans(), requestId)?.children.length ?? 0, { timeout: 10_000 }).toBe(1);
    const { root, children } = treeOf(receiver.spans(), requestId)!;
    expect(children.map((s) => s.name)).toEqual(['admission']);
    expect(children[0]!.statusCode).toBe(2);
    expect(children[0]!.attributes['error.type']).toBe('insufficient_balance');
    expect(root.attributes).toMatchObject({ 'http.response.status_code': 402, 'error.type': 'insufficient_balance' });
    expect(up.requests.length).toBe(calls);
  });
});

describe('OpenTelemetry tracing options', () => {
  let dir: string;
  let up: FakeUpstream;
  let receiver: OtlpReceiver;
  let keys: { key: string; poorKey: string };
  let args: string[];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-trace-opt-'));
    up = await startFakeOpenAIUpstream();
    up.setReply({ text: REPLY });
    receiver = await startOtlpReceiver();
    writeFileSync(join(dir, 'catalogue.yaml'), upstreamCatalogue({ openai: up.url }));
    const databaseUrl = `sqlite:${join(dir, 'gw.db')}`;
    keys = await provision(databaseUrl);
    args = ['--config', join(dir, 'catalogue.yaml'), '--database', databaseUrl, '--port', '0'];
  }, 30_000);
  afterAll(async () => {
    await receiver?.close();
    await up?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('should export OTLP protobuf by default (the specification\'s default protocol)', async () => {
    const gw = await startServeProcess(args, { UP_KEY: 'k', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '50' });
    try {
      const client = new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: keys.key, maxRetries: 0, defaultHeaders: { traceparent: `00-${TRACE_ID}-${PARENT_SPAN}-01` } });
      const { response } = await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'protobuf please' }] }).withResponse();
      const requestId = response.headers.get('x-request-id')!;
      // Protobuf carries ids as raw bytes and strings as UTF-8: the request's trace id and span names are in the body.
      const traceBytes = Buffer.from(TRACE_ID, 'hex');
      await expect
        .poll(() => receiver.exports.some((e) => e.contentType === 'application/x-protobuf' && e.body.includes(requestId) && e.body.includes('settlement')), { timeout: 10_000 })
        .toBe(true);
      const body = receiver.exports.find((e) => e.contentType === 'application/x-protobuf' && e.body.includes(requestId))!.body;
      expect(body.includes(traceBytes)).toBe(true);
      expect(body.includes('chat upstream-chat-v1')).toBe(true);
    } finally {
      expect(await gw.stop()).toBe(0);
    }
  }, 60_000);

  it('should put prompts and non-streamed completions on spans only with OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true', async () => {
    const gw = await startServeProcess(args, {
      UP_KEY: 'k',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '50',
      OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT: 'true',
    });
    try {
      const client = new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: keys.key, maxRetries: 0 });
      const { response } = await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'system', content: 'be brief' }, { role: 'user', content: PROMPT }] }).withResponse();
      const requestId = response.headers.get('x-request-id')!;
      await expect.poll(() => treeOf(receiver.spans(), requestId)?.children.length ?? 0, { timeout: 10_000 }).toBe(3);
      const { root, children } = treeOf(receiver.spans(), requestId)!;
      expect(JSON.parse(String(root.attributes['gen_ai.input.messages']))).toEqual([
        { role: 'system', parts: [{ type: 'text', content: 'be brief' }] },
        { role: 'user', parts: [{ type: 'text', content: PROMPT }] },
      ]);
      const call = children.find((s) => s.kind === 3)!;
      expect(JSON.parse(String(call.attributes['gen_ai.output.messages']))).toEqual([{ role: 'assistant', parts: [{ type: 'text', content: REPLY }], finish_reason: 'stop' }]);
    } finally {
      expect(await gw.stop()).toBe(0);
    }
  }, 60_000);

  it('should load no OpenTelemetry SDK package unless tracing is configured', () => {
    // Start a gateway in a fresh process and list the OpenTelemetry modules it loaded.
    const probe = (env: Record<string, string>) => {
      const script = `
        const { startGateway } = await import(${JSON.stringify(new URL('../dist/main.js', import.meta.url).href)});
        const { loadServerConfig } = await import(${JSON.stringify(new URL('../dist/config/server-config.js', import.meta.url).href)});
        const { createRequire } = await import('node:module');
        const config = loadServerConfig(${JSON.stringify([...args])}, { TF_LOG_LEVEL: 'silent', ...process.env });
        const gw = await startGateway(config, { env: { UP_KEY: 'k' } });
        const loaded = Object.keys(createRequire(import.meta.url).cache).filter((p) => p.includes('@opentelemetry')).map((p) => p.split('@opentelemetry/')[1].split('/')[0]);
        await gw.close();
        process.stdout.write(JSON.stringify([...new Set(loaded)].sort()));`;
      const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 });
      if (run.status !== 0) throw new Error(run.stderr);
      return JSON.parse(run.stdout) as string[];
    };
    // prom-client depends on the (no-op) API package; nothing else of OpenTelemetry loads.
    expect(probe({})).toEqual(['api']);
    expect(probe({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SDK_DISABLED: 'true' })).toEqual(['api']);
    expect(probe({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url })).toEqual(expect.arrayContaining(['api', 'sdk-trace-base', 'exporter-trace-otlp-proto']));
  }, 120_000);
});
