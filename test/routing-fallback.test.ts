import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

function catalogue(a: string, b: string, claude: string): string {
  const t = '{connectMs: 500, headersMs: 2000, idleMs: 2000, firstTokenMs: 1500}';
  return `
providers:
  - { id: up-a, type: openai, baseUrl: ${a}, timeouts: ${t} }
  - { id: up-b, type: openai, baseUrl: ${b}, timeouts: ${t} }
  - { id: claude, type: anthropic, baseUrl: ${claude}, apiKeyEnv: CLAUDE_KEY, timeouts: ${t} }
x-chat: &chat { kind: chat, contextLength: 32000 }
models:
  - { <<: *chat, id: acme/solo, maxOutputTokens: 1000, pricing: {input: "1", output: "2"}, provider: up-a, upstreamModel: solo, retries: {attempts: 2, backoffMs: 1} }
  - { <<: *chat, id: acme/big, capabilities: {reasoning: true}, maxOutputTokens: 1000, defaultMaxOutputTokens: 300, pricing: {input: "10", output: "30"}, provider: up-a, upstreamModel: big, retries: {attempts: 0}, cooldown: {failures: 100, seconds: 1}, fallbacks: [acme/tiny] }
  - { <<: *chat, id: acme/tiny, maxOutputTokens: 50, defaultMaxOutputTokens: 20, pricing: {input: "1.5", output: "2.5"}, provider: up-b, upstreamModel: tiny-up }
  - { <<: *chat, id: acme/bigx, maxOutputTokens: 1000, pricing: {input: "10", output: "30"}, provider: up-a, upstreamModel: bigx, retries: {attempts: 0}, cooldown: {failures: 100, seconds: 1}, fallbacks: [acme/claude] }
  - { <<: *chat, id: acme/plain, maxOutputTokens: 1000, pricing: {input: "1", output: "2"}, provider: up-b, upstreamModel: plain }
  - { <<: *chat, id: acme/csolo, maxOutputTokens: 1000, pricing: {input: "1", output: "2"}, provider: claude, upstreamModel: csolo, retries: {attempts: 1, backoffMs: 1} }
  - { <<: *chat, id: acme/claude, maxOutputTokens: 64, pricing: {input: "3", output: "15"}, provider: claude, upstreamModel: claude-up }
  - { <<: *chat, id: acme/metered, maxOutputTokens: 1000, pricing: {input: "1", output: "2"}, upstreamModel: metered, deployments: [{provider: up-a, tpm: 2000, weight: 1000}, {provider: up-b}], retries: {attempts: 0} }
`;
}

let a: FakeUpstream;
let b: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;
let client: OpenAI;

beforeAll(async () => {
  a = await startFakeOpenAIUpstream();
  b = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream({ apiKey: 'ck' });
  gw = await startTestGateway({ catalogue: catalogue(a.url, b.url, claude.url), env: { CLAUDE_KEY: 'ck' } });
  client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
});
afterAll(async () => {
  await gw?.close();
  await a?.close();
  await b?.close();
  await claude?.close();
});
beforeEach(() => {
  for (const up of [a, b, claude]) up.reset();
});

const hello = (model: string) => ({ model, messages: [{ role: 'user' as const, content: 'hello there' }] });

/** Cost of `prompt` and `completion` tokens at per-million USD prices (in nano-USD per token), as the gateway prints it. */
function cost(prompt: number, completion: number, input: bigint, output: bigint): string {
  const nano = (BigInt(prompt) * input + BigInt(completion) * output + 500_000n) / 1_000_000n;
  return `0.${nano.toString().padStart(9, '0')}`;
}

async function usageDebits(requestId: string): Promise<number> {
  await gw.gateway.flushRequestLog();
  await gw.gateway.metering.settler.runOnce();
  const rows = await gw.gateway.store.db.selectFrom('ledger_entries').select('id').where('reference', '=', requestId).where('kind', '=', 'usage').execute();
  return rows.length;
}

/** The upstream model names `up` was asked for, in order. */
function sentModels(up: FakeUpstream): string[] {
  return up.requests.map((r) => (r.body as { model: string }).model);
}

describe('a failure in the first event of a 200 answer, before anything reached the client', () => {
  it('should answer a stream once after two streams whose first event was an error', async () => {
    a.setBehaviour({ kind: 'error-first', message: 'upstream exploded' }, { times: 2 });
    const stream = await client.chat.completions.create({ ...hello('acme/solo'), stream: true });
    let text = '';
    const finishes: (string | null)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      finishes.push(chunk.choices[0]?.finish_reason ?? null);
    }
    expect(text).toBe('Hello from the fake upstream.');
    expect(finishes).toContain('stop');
    expect(a.requests).toHaveLength(3);
  });

  it('should retry an Anthropic stream that opens with an error event, through the official Anthropic SDK', async () => {
    claude.setBehaviour({ kind: 'error-first', errorType: 'overloaded_error', message: 'Overloaded' }, { times: 1 });
    const anthropic = new Anthropic({ baseURL: gw.rootURL, apiKey: gw.key, maxRetries: 0 });
    const stream = anthropic.messages.stream({ model: 'acme/csolo', max_tokens: 100, messages: [{ role: 'user', content: 'hello there' }] });
    const message = await stream.finalMessage();
    expect(message.content[0]).toMatchObject({ type: 'text', text: 'Hello from the fake upstream.' });
    expect(message.model).toBe('acme/csolo');
    expect(claude.requests).toHaveLength(2);
  });

  it('should fail over, logging the failed attempt, when the only candidate of a turn sends an error event first', async () => {
    a.setBehaviour({ kind: 'error-first', message: 'overloaded right now' });
    const stream = await client.chat.completions.create({ ...hello('acme/big'), stream: true }).withResponse();
    let text = '';
    for await (const chunk of stream.data) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('Hello from the fake upstream.');
    expect(a.requests).toHaveLength(1);
    expect(b.requests).toHaveLength(1);
    const id = stream.response.headers.get('x-request-id')!;
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, id);
    expect(row?.attempts?.map((t) => [t.model, t.status])).toEqual([['acme/big', 500], ['acme/tiny', 200]]);
  });

  it('should fail over when a JSON answer with status 200 is an error envelope', async () => {
    a.setBehaviour({ kind: 'error-first' });
    const { data, response } = await client.chat.completions.create(hello('acme/big')).withResponse();
    expect(data.choices[0]!.message.content).toBe('Hello from the fake upstream.');
    expect(response.headers.get('x-tf-fallback')).toBe('acme/big');
    expect(a.requests).toHaveLength(1);
  });

  it('should answer an error envelope sent with 200 as an error on the plain path too, billing nothing', async () => {
    b.setBehaviour({ kind: 'error-first', message: 'quota gone' });
    const error = (await client.chat.completions.create(hello('acme/plain')).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error.status).toBeGreaterThanOrEqual(500);
    expect(error.message).toContain('quota gone');
    expect(await usageDebits(error.headers?.get('x-request-id') ?? '')).toBe(0);
  });

  it('should answer a client error sent as the first event with its status, without retrying', async () => {
    a.setBehaviour({ kind: 'error-first', errorType: 'invalid_request_error', message: 'messages[0] is not valid' });
    const error = await client.chat.completions.create({ ...hello('acme/big'), stream: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as Error).message).toContain('messages[0] is not valid');
    expect(b.requests).toHaveLength(0);
  });
});

describe('a fallback to another model', () => {
  it('should shape the request for the fallback and answer as it, at its price, streaming', async () => {
    a.setBehaviour({ kind: 'status', status: 503 });
    b.setReply({ usage: { inputTokens: 1000, outputTokens: 40 } });
    const { data: stream, response } = await client.chat.completions.create({ ...hello('acme/big'), max_tokens: 500, stream: true, stream_options: { include_usage: true } }).withResponse();
    const models = new Set<string>();
    let usageCost: string | null = null;
    for await (const chunk of stream) {
      models.add(chunk.model);
      if (chunk.usage) usageCost = (chunk.usage as unknown as { cost: string }).cost;
    }
    // The request the fallback got: its own upstream name and its own output cap (50, not 500).
    expect(a.requests.map((r) => (r.body as { max_tokens: number }).max_tokens)).toEqual([500]);
    expect(b.requests.map((r) => r.body)).toMatchObject([{ model: 'tiny-up', max_tokens: 50, stream: true }]);
    expect([...models]).toEqual(['acme/tiny']);
    expect(response.headers.get('x-tf-fallback')).toBe('acme/big');
    expect(usageCost).toBe(cost(1000, 40, 1_500_000_000n, 2_500_000_000n));
    const id = response.headers.get('x-request-id')!;
    expect(await usageDebits(id)).toBe(1);
    const row = await getRequestLogRow(gw.gateway.store.db, id);
    expect(row?.costNano).toBe(1_500_000n + 100_000n);
    expect(gw.gateway.metering.admission.inFlight).toBe(0);
  });

  it('should send the fallback its own default output limit and name it in the answer, not streaming', async () => {
    a.setBehaviour({ kind: 'status', status: 500 });
    b.setReply({ usage: { inputTokens: 2000, outputTokens: 10 } });
    const { data, response } = await client.chat.completions.create({ ...hello('acme/big'), reasoning_effort: 'low' }).withResponse();
    expect(sentModels(a)).toEqual(['big']);
    // A reasoning model gets its default limit in the modern field; acme/tiny has no adjustable
    // reasoning: it gets max_tokens, the control is dropped for it, and the answer says so.
    expect(a.requests[0]!.body).toMatchObject({ max_completion_tokens: 300, reasoning_effort: 'low' });
    expect(b.requests.map((r) => r.body)).toMatchObject([{ model: 'tiny-up', max_tokens: 20 }]);
    expect(b.requests[0]!.body).not.toHaveProperty('reasoning_effort');
    expect(b.requests[0]!.body).not.toHaveProperty('max_completion_tokens');
    expect(response.headers.get('x-tf-ignored-params')).toBe('reasoning_effort');
    expect(response.headers.get('x-tf-default-max-output-tokens')).toBe('20');
    expect(response.headers.get('x-tf-upstream-model')).toBe('tiny-up');
    expect(data.model).toBe('acme/tiny');
    expect((data.usage as unknown as { cost: string }).cost).toBe(cost(2000, 10, 1_500_000_000n, 2_500_000_000n));
    expect(await usageDebits(response.headers.get('x-request-id')!)).toBe(1);
  });

  it('should translate for a fallback on a provider speaking another API, capped and priced as that model', async () => {
    a.setBehaviour({ kind: 'status', status: 502 });
    claude.setReply({ usage: { inputTokens: 100, outputTokens: 30 } });
    const { data, response } = await client.chat.completions.create({ ...hello('acme/bigx'), max_tokens: 900 }).withResponse();
    expect(claude.requests.map((r) => r.body)).toMatchObject([{ model: 'claude-up', max_tokens: 64 }]);
    expect(data.model).toBe('acme/claude');
    expect(data.choices[0]!.message.content).toBe('Hello from the fake upstream.');
    expect((data.usage as unknown as { cost: string }).cost).toBe(cost(100, 30, 3_000_000_000n, 15_000_000_000n));
    expect(await usageDebits(response.headers.get('x-request-id')!)).toBe(1);
  });
});

describe('per-deployment limits', () => {
  it('should count real tokens against a deployment tpm and skip it for another deployment once over', { timeout: 30_000 }, async () => {
    // up-a takes nearly every request by weight while it has room; every answer reports 900 tokens.
    a.setReply({ usage: { inputTokens: 800, outputTokens: 100 } });
    b.setReply({ usage: { inputTokens: 800, outputTokens: 100 } });
    // Stay clear of a minute boundary: windows are whole clock minutes.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    for (let i = 0; i < 12; i++) await client.chat.completions.create(hello('acme/metered'));
    // Counted: 900 after the first answer, 1,800 after the second; the third still fits (1,800 plus its
    // prompt estimate of some 30 tokens), which brings the minute to 2,700: the other nine went to up-b.
    expect(a.requests).toHaveLength(3);
    expect(a.requests.length + b.requests.length).toBe(12);
  });
});
