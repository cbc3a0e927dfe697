import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { refusedPort } from '../src/testing/refused-port.js';

function catalogue(a: string, b: string, c: string, p: string, dead: string): string {
  const t = '{connectMs: 500, headersMs: 2000, idleMs: 2000, firstTokenMs: 700}';
  return `
providers:
  - { id: up-a, type: openai, baseUrl: ${a}, timeouts: ${t} }
  - { id: up-b, type: openai, baseUrl: ${b}, timeouts: ${t} }
  - { id: up-c, type: openai, baseUrl: ${c}, timeouts: ${t} }
  - { id: dead, type: openai, baseUrl: ${dead}, timeouts: ${t} }
  - { id: pool, type: openai, baseUrl: ${p}, apiKeyEnv: [BAD_KEY, GOOD_KEY], timeouts: ${t} }
  - { id: gated, type: openai, baseUrl: ${c}, apiKeyEnv: [BAD_KEY, GOOD_KEY], maxConnections: 1, queueTimeoutMs: 5000, timeouts: ${t} }
x-chat: &chat { kind: chat, contextLength: 32000, maxOutputTokens: 1000, defaultMaxOutputTokens: 100 }
models:
  - { <<: *chat, id: acme/retry, pricing: {input: "1", output: "2"}, provider: up-a, upstreamModel: a-model, retries: {attempts: 2, backoffMs: 1} }
  - { <<: *chat, id: acme/split, pricing: {input: "1", output: "2"}, upstreamModel: split, deployments: [{provider: up-a, weight: 3}, {provider: up-b, weight: 1}], retries: {attempts: 0} }
  - <<: *chat
    id: acme/big
    pricing: {input: "10", output: "30"}
    provider: up-a
    upstreamModel: big
    retries: {attempts: 0}
    fallbacks: [acme/small, {model: acme/long, on: context_length}]
  - { <<: *chat, id: acme/small, pricing: {input: "1.5", output: "2.5"}, provider: up-b, upstreamModel: small }
  - { <<: *chat, id: acme/long, pricing: {input: "4", output: "8"}, provider: up-b, upstreamModel: long }
  - <<: *chat
    id: acme/circuit
    pricing: {input: "1", output: "2"}
    upstreamModel: circuit
    deployments: [{provider: up-c}, {provider: up-b}]
    retries: {attempts: 1, backoffMs: 1}
    cooldown: {failures: 2, seconds: 1}
  - { <<: *chat, id: acme/lonely, pricing: {input: "1", output: "2"}, provider: dead, upstreamModel: x, cooldown: {failures: 1, seconds: 30} }
  - { <<: *chat, id: acme/pooled, pricing: {input: "1", output: "2"}, provider: pool, upstreamModel: pooled }
  - { <<: *chat, id: acme/gated, pricing: {input: "1", output: "2"}, provider: gated, upstreamModel: gated }
`;
}

const OPERATOR = 'routing-test-operator-token-0123456789';

let a: FakeUpstream;
let b: FakeUpstream;
let c: FakeUpstream;
/** Accepts only the key `right`. */
let p: FakeUpstream;
let gw: TestGateway;
let client: OpenAI;

beforeAll(async () => {
  a = await startFakeOpenAIUpstream();
  b = await startFakeOpenAIUpstream();
  c = await startFakeOpenAIUpstream();
  p = await startFakeOpenAIUpstream({ apiKey: 'right' });
  const dead = `http://127.0.0.1:${await refusedPort()}/v1`;
  gw = await startTestGateway({ catalogue: catalogue(a.url, b.url, c.url, p.url, dead), env: { BAD_KEY: 'wrong', GOOD_KEY: 'right' }, serverEnv: { TF_ADMIN_TOKEN: OPERATOR } });
  client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
});
afterAll(async () => {
  await gw?.close();
  await a?.close();
  await b?.close();
  await c?.close();
  await p?.close();
});
beforeEach(() => {
  for (const up of [a, b, c, p]) up.reset();
});

const hello = (model: string) => ({ model, messages: [{ role: 'user' as const, content: 'hello there' }] });

/** Cost of `prompt` and `completion` tokens at per-million USD prices, as the gateway prints it. */
function cost(prompt: number, completion: number, input: bigint, output: bigint): string {
  const nano = (BigInt(prompt) * input + BigInt(completion) * output + 500_000n) / 1_000_000n;
  return `0.${nano.toString().padStart(9, '0')}`;
}

async function ledgerDebits(requestId: string): Promise<number> {
  await gw.gateway.flushRequestLog();
  await gw.gateway.metering.settler.runOnce();
  const rows = await gw.gateway.store.db.selectFrom('ledger_entries').select('id').where('reference', '=', requestId).where('kind', '=', 'usage').execute();
  return rows.length;
}

describe('routing through upstream failures', () => {
  it('should answer once after two upstream failures, billing once and logging every attempt', async () => {
    // Two connection resets before any answer, then the upstream answers.
    a.setBehaviour({ kind: 'reset-before-headers' }, { times: 2 });
    const answered = client.chat.completions.create(hello('acme/retry')).withResponse();
    const { data, response } = await answered;
    expect(data.choices[0]!.message.content).toBe('Hello from the fake upstream.');
    expect(a.requests).toHaveLength(3);
    expect(response.headers.get('x-tf-provider')).toBe('up-a');
    expect(response.headers.get('x-tf-fallback')).toBeNull();
    const id = response.headers.get('x-request-id')!;
    expect(await ledgerDebits(id)).toBe(1);
    const row = await getRequestLogRow(gw.gateway.store.db, id);
    expect(row?.status).toBe(200);
    expect(row?.attempts?.map((t) => [t.deployment, t.status, t.error])).toEqual([
      ['up-a/a-model', null, 'upstream_error'],
      ['up-a/a-model', null, 'upstream_error'],
      ['up-a/a-model', 200, null],
    ]);
  });

  it('should not retry a stream that broke after its first byte', async () => {
    a.setBehaviour({ kind: 'reset-after-first-chunk' });
    const stream = await client.chat.completions.create({ ...hello('acme/retry'), stream: true });
    const finishes: (string | null)[] = [];
    const failure = await (async () => {
      for await (const chunk of stream) finishes.push(chunk.choices[0]?.finish_reason ?? null);
    })().then(() => null, (e: unknown) => e);
    // The stream ends in error (an SDK error, or the closing finish_reason "error"), never as a success.
    expect(failure !== null || finishes.includes('error' as never)).toBe(true);
    expect(finishes).not.toContain('stop');
    expect(a.requests).toHaveLength(1);
  });

  it('should split traffic by weight within tolerance over 1,000 requests', async () => {
    const n = 1000;
    for (let i = 0; i < n; i += 50) await Promise.all(Array.from({ length: 50 }, () => client.chat.completions.create(hello('acme/split'))));
    const share = a.requests.length / n;
    expect(a.requests.length + b.requests.length).toBe(n);
    // 3:1 is 0.75; the binomial standard deviation over 1,000 is 0.014, so ±0.06 is over 4 of them.
    expect(share).toBeGreaterThan(0.69);
    expect(share).toBeLessThan(0.81);
  }, 60_000);

  it('should fall back to another model at its own price, with x-tf-fallback, one hold and one ledger entry', async () => {
    a.setBehaviour({ kind: 'status', status: 503 });
    b.setReply({ usage: { inputTokens: 1000, outputTokens: 200 } });
    const { data, response } = await client.chat.completions.create(hello('acme/big')).withResponse();
    expect(response.headers.get('x-tf-provider')).toBe('up-b');
    expect(response.headers.get('x-tf-fallback')).toBe('acme/big');
    expect((b.requests[0]!.body as { model: string }).model).toBe('small');
    // acme/small's price ($1.50 / $2.50 per million), not acme/big's.
    expect((data.usage as unknown as { cost: string }).cost).toBe(cost(1000, 200, 1_500_000_000n, 2_500_000_000n));
    const id = response.headers.get('x-request-id')!;
    expect(await ledgerDebits(id)).toBe(1);
    const row = await getRequestLogRow(gw.gateway.store.db, id);
    expect(row?.costNano).toBe(1_500_000n + 500_000n);
    expect(row?.modelResolved).toBe('acme/small');
    expect(row?.providerId).toBe('up-b');
    expect(row?.attempts?.map((t) => [t.model, t.status])).toEqual([['acme/big', 503], ['acme/small', 200]]);
    expect(gw.gateway.metering.admission.inFlight).toBe(0);
  });

  it('should route a context-length refusal only to the declared longer-context model', async () => {
    a.setBehaviour({ kind: 'status', status: 400, body: { error: { message: "This model's maximum context length is 32000 tokens", type: 'invalid_request_error', code: 'context_length_exceeded' } } });
    const { response } = await client.chat.completions.create(hello('acme/big')).withResponse();
    expect(response.headers.get('x-tf-fallback')).toBe('acme/big');
    expect(b.requests.map((r) => (r.body as { model: string }).model)).toEqual(['long']);
  });

  it('should not retry a content-policy refusal and pass its reason on', async () => {
    a.setBehaviour({ kind: 'status', status: 400, body: { error: { message: 'Your request was rejected by the content policy', type: 'invalid_request_error', code: 'content_policy_violation' } } });
    const error = await client.chat.completions.create(hello('acme/retry')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('content policy');
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(0);
  });

  it('should fail over when a stream sends no first token in time', async () => {
    a.setBehaviour({ kind: 'slow-chunks', delayMs: 3000 });
    const started = Date.now();
    const stream = await client.chat.completions.create({ ...hello('acme/big'), stream: true });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello from the fake upstream.');
    expect(Date.now() - started).toBeLessThan(2500);
    expect(b.requests).toHaveLength(1);
  });

  it('should honour a 429 retry-after before retrying', async () => {
    a.setBehaviour({ kind: 'status', status: 429, retryAfter: '1' }, { times: 1 });
    const started = Date.now();
    await client.chat.completions.create(hello('acme/retry'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(a.requests).toHaveLength(2);
  });

  it('should take a refused key of a pool out of rotation', async () => {
    for (let i = 0; i < 6; i++) await client.chat.completions.create(hello('acme/pooled'));
    const keys = p.requests.map((r) => r.headers.authorization);
    // The wrong key answered 401 once, then left the rotation; every request was answered.
    expect(keys.filter((k) => k === 'Bearer wrong')).toHaveLength(1);
    expect(keys.filter((k) => k === 'Bearer right')).toHaveLength(6);
  });
});

describe('maxConnections with a key pool', () => {
  it('should count the connections of every key of the pool against the one upstream limit', async () => {
    c.setBehaviour({ kind: 'slow-headers', delayMs: 400 });
    const started = Date.now();
    const answers = await Promise.all([0, 1, 2, 3].map(() => client.chat.completions.create(hello('acme/gated')).withResponse()));
    // One connection for the provider, whichever key a request used: the four calls ran one after
    // another (a gate per key would have run two at a time, in some 800 ms).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1550);
    expect(new Set(c.requests.map((r) => r.headers.authorization)).size).toBe(2);
    await gw.gateway.flushRequestLog();
    const waits = await Promise.all(answers.map(async ({ response }) => (await getRequestLogRow(gw.gateway.store.db, response.headers.get('x-request-id')!))?.upstreamWaitMs ?? 0));
    expect(waits.filter((ms) => ms >= 300)).toHaveLength(3);
  });
});

describe('cooldown', () => {
  it('should open the circuit of a failing deployment, probe it after the cooldown and close it again', async () => {
    c.setBehaviour({ kind: 'status', status: 500 });
    for (let i = 0; i < 12; i++) await client.chat.completions.create(hello('acme/circuit'));
    // Two failures in a row opened the circuit: no third request reached the failing deployment.
    expect(c.requests).toHaveLength(2);
    expect(b.requests).toHaveLength(12);
    c.reset();
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 20; i++) await client.chat.completions.create(hello('acme/circuit'));
    // The probe succeeded and traffic returned to the recovered deployment.
    expect(c.requests.length).toBeGreaterThan(3);
  });

  it('should answer a retryable 503 with retry-after at once when every deployment is cooling down', async () => {
    const first = await client.chat.completions.create(hello('acme/lonely')).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(OpenAI.APIError);
    const started = Date.now();
    const second = (await client.chat.completions.create(hello('acme/lonely')).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(Date.now() - started).toBeLessThan(500);
    expect(second.status).toBe(503);
    expect(Number(second.headers?.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('should show a model whose only deployment cools down as unavailable in the console catalogue, as /v1/models does', async () => {
    // acme/lonely's circuit was opened by the test before (30 s cooldown).
    const res = await fetch(`${gw.rootURL}/api/orgs/${gw.orgId}/models`, { headers: { authorization: `Bearer ${OPERATOR}` } });
    expect(res.status).toBe(200);
    const health = new Map(((await res.json()) as { data: { id: string; health: string }[] }).data.map((m) => [m.id, m.health]));
    expect(health.get('acme/lonely')).toBe('unavailable');
    expect(health.get('acme/retry')).toBe('serving');
    const listed = await client.models.list();
    expect(listed.data.find((m) => m.id === 'acme/lonely')).toMatchObject({ health: 'unavailable' });
  });
});
