import OpenAI from 'openai';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { semanticsCatalogue } from '../src/testing/semantics-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;
let client: OpenAI;
let clock = Date.parse('2025-06-01T00:00:00Z');

beforeAll(async () => {
  up = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream();
  gw = await startTestGateway({ catalogue: semanticsCatalogue({ openai: up.url, anthropic: claude.url }), now: () => clock });
  client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
  await claude?.close();
});
beforeEach(() => {
  up.reset();
  claude.reset();
  clock = Date.parse('2025-06-01T00:00:00Z');
});

const hi = [{ role: 'user' as const, content: 'hi' }];
type Body = Record<string, unknown>;

/** POST through the gateway with fetch to read headers and the raw body. */
async function post(path: string, body: Body): Promise<{ status: number; headers: Headers; json: Body; text: string }> {
  const res = await fetch(`${gw.baseURL}${path}`, { method: 'POST', headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  let json: Body = {};
  try {
    json = JSON.parse(text) as Body;
  } catch {
    // SSE bodies are read as text.
  }
  return { status: res.status, headers: res.headers, json, text };
}
const sent = (fake: FakeUpstream) => fake.requests.at(-1)!.body as Body;

describe('rule 1: unrecognised parameters are dropped and reported', () => {
  it('should drop them before the upstream, name them in a header and in tf.ignored_params, and log them', async () => {
    const res = await post('/chat/completions', { model: 'sem/full', messages: hi, frobnicate: 1, logit_bias: { '1': 2 } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-tf-ignored-params')).toBe('frobnicate');
    expect((res.json.tf as Body).ignored_params).toEqual(['frobnicate']);
    expect(sent(up)).not.toHaveProperty('frobnicate');
    expect(sent(up).logit_bias).toEqual({ '1': 2 });
    await gw.gateway.flushRequestLog();
    expect((await getRequestLogRow(gw.gateway.store.db, res.headers.get('x-request-id')!))!.ignoredParams).toEqual(['frobnicate']);
  });

  it('should put tf.ignored_params on the first chunk of a stream only', async () => {
    const res = await post('/chat/completions', { model: 'sem/full', messages: hi, stream: true, frobnicate: true });
    const chunks = res.text.split('\n\n').filter((f) => f.startsWith('data: {')).map((f) => JSON.parse(f.slice(6)) as Body);
    expect(res.headers.get('x-tf-ignored-params')).toBe('frobnicate');
    expect((chunks[0]!.tf as Body).ignored_params).toEqual(['frobnicate']);
    expect(chunks.slice(1).every((c) => c.tf === undefined)).toBe(true);
  });

  it('should work the same on embeddings and completions', async () => {
    const res = await post('/embeddings', { model: 'sem/embed', input: 'x', temperature: 0.5 });
    expect(res.headers.get('x-tf-ignored-params')).toBe('temperature');
    expect(sent(up)).not.toHaveProperty('temperature');
  });

  it('should be invisible to the SDK, which still parses the answer', async () => {
    const res = await client.chat.completions.create({ model: 'sem/full', messages: hi, frobnicate: 1 } as OpenAI.ChatCompletionCreateParamsNonStreaming);
    expect(res.choices[0]!.message.content).toBeTruthy();
  });
});

describe('rule 2: reasoning controls on a model without adjustable reasoning', () => {
  it('should drop reasoning_effort and @effort / @thinking, report them, and not refuse', async () => {
    const res = await post('/chat/completions', { model: 'sem/full@effort:high@thinking:2048', messages: hi, reasoning_effort: 'low' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-tf-ignored-params')!.split(',').sort()).toEqual(['@effort', '@thinking', 'reasoning_effort']);
    expect(sent(up)).not.toHaveProperty('reasoning_effort');
  });
});

describe('rule 3: capabilities the model does not declare', () => {
  it.each([
    [{ tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }] }, 'tools'],
    [{ response_format: { type: 'json_object' } }, 'response_format'],
    [{ response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' } } } }, 'response_format'],
    [{ stream: true }, 'stream'],
    [
      {
        messages: [
          { role: 'system', content: 's' },
          { role: 'user', content: 'a' },
          { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: 'data:image/png;base64,AA==' } }] },
        ],
      },
      'messages[2].content[1]',
    ],
  ])('should refuse %j with 400 unsupported_parameter naming %s', async (patch, param) => {
    const error = await client.chat.completions.create({ model: 'sem/plain', messages: hi, ...(patch as Body) } as OpenAI.ChatCompletionCreateParamsNonStreaming).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('unsupported_parameter');
    expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe(param);
    expect(up.requests).toHaveLength(0);
  });
});

describe('rule 4: output limits', () => {
  it('should apply the model default when none is set and report it', async () => {
    const res = await post('/chat/completions', { model: 'sem/full', messages: hi });
    expect(res.headers.get('x-tf-default-max-output-tokens')).toBe('500');
    expect(sent(up).max_tokens).toBe(500);
  });
  it('should lower a limit above the ceiling and report the ceiling', async () => {
    const res = await post('/chat/completions', { model: 'sem/full', messages: hi, max_completion_tokens: 100_000 });
    expect(res.headers.get('x-tf-max-output-tokens')).toBe('4000');
    expect(res.headers.get('x-tf-default-max-output-tokens')).toBeNull();
    expect(sent(up).max_completion_tokens).toBe(4000);
  });
  it('should leave a limit within the ceiling alone', async () => {
    const res = await post('/chat/completions', { model: 'sem/full', messages: hi, max_tokens: 42 });
    expect(res.headers.get('x-tf-max-output-tokens')).toBeNull();
    expect(sent(up).max_tokens).toBe(42);
  });
});

describe('rule 5: reasoning reaches each upstream in its own dialect', () => {
  it.each([
    ['sem/reasoner@thinking:2048', 'low'],
    ['sem/reasoner@thinking:on', 'medium'],
    ['sem/reasoner@thinking:20000', 'high'],
    ['sem/reasoner@effort:minimal', 'minimal'],
  ])('should send %s to an OpenAI-style server as reasoning_effort %s', async (model, effort) => {
    await post('/chat/completions', { model, messages: hi });
    expect(sent(up).reasoning_effort).toBe(effort);
    expect(sent(up)).not.toHaveProperty('thinking');
  });
  it('should send reasoning to an OpenAI-style server with max_completion_tokens as the default limit', async () => {
    const res = await post('/chat/completions', { model: 'sem/reasoner', messages: hi, reasoning_effort: 'high' });
    expect(res.headers.get('x-tf-ignored-params')).toBeNull();
    expect(sent(up)).toMatchObject({ reasoning_effort: 'high', max_completion_tokens: 500 });
  });
  it.each([
    ['sem/thinker@effort:high', 16384],
    ['sem/thinker@thinking:2048', 2048],
    ['sem/thinker@effort:low', 1024],
  ])('should send %s to an Anthropic-style server as a thinking budget of %i', async (model, budget) => {
    await post('/chat/completions', { model, messages: hi });
    expect((sent(claude).thinking as Body).budget_tokens).toBe(budget);
  });
  it('should send no thinking block for @thinking:off', async () => {
    await post('/chat/completions', { model: 'sem/thinker@thinking:off', messages: hi, reasoning_effort: 'high' });
    expect(sent(claude).thinking === undefined || (sent(claude).thinking as Body).type === 'disabled').toBe(true);
  });
});

describe('model name modifiers', () => {
  it('should let a modifier win over the body and keep the name as sent in the log', async () => {
    const { response } = await client.chat.completions
      .create({ model: 'sem/full@temperature:0.2@topp:0.5', messages: hi, temperature: 1.5, top_p: 1 })
      .withResponse();
    expect(sent(up)).toMatchObject({ temperature: 0.2, top_p: 0.5, model: 'full' });
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, response.headers.get('x-request-id')!);
    expect(row!.modelRequested).toBe('sem/full@temperature:0.2@topp:0.5');
    expect(row!.modelResolved).toBe('sem/full');
  });
  it.each(['sem/full@warp:9', 'sem/full@temperature:x', 'sem/full@effort:low@2024-08-06', 'sem/versioned@2023-01-01'])(
    'should refuse %s with 400 invalid_model_modifier on param model',
    async (model) => {
      const error = await client.chat.completions.create({ model, messages: hi }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpenAI.BadRequestError);
      expect((error as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('invalid_model_modifier');
      expect((error as InstanceType<typeof OpenAI.BadRequestError>).param).toBe('model');
    },
  );
  it('should serve a pinned version, and the default version otherwise', async () => {
    const pinned = await client.chat.completions.create({ model: 'sem/versioned@2024-08-06', messages: hi });
    const dflt = await client.chat.completions.create({ model: 'sem/versioned', messages: hi });
    expect(pinned.model).toBe('sem/versioned@2024-08-06');
    expect(dflt.model).toBe('sem/versioned');
    const listed = (await client.models.retrieve('sem/versioned')) as unknown as { default_version: string; versions: string[] };
    expect(listed.default_version).toBe('2024-11-20');
    expect(listed.versions.sort()).toEqual(['2024-08-06', '2024-11-20']);
  });
});

describe('lifecycle (moved clock)', () => {
  it('should send no deprecation headers before the announcement', async () => {
    clock = Date.parse('2025-12-31T00:00:00Z');
    const res = await post('/chat/completions', { model: 'sem/old', messages: hi });
    expect(res.headers.get('deprecation')).toBeNull();
    expect(((await client.models.retrieve('sem/old')) as unknown as { status: string }).status).toBe('active');
  });
  it('should send Deprecation, Sunset and Link between announcement and sunset, on streams too', async () => {
    clock = Date.parse('2026-03-01T00:00:00Z');
    for (const stream of [false, true]) {
      const res = await post('/chat/completions', { model: 'sem/old', messages: hi, stream });
      expect(res.headers.get('deprecation')).toBe(`@${Date.parse('2026-01-01T00:00:00Z') / 1000}`);
      expect(res.headers.get('sunset')).toBe('Mon, 01 Jun 2026 00:00:00 GMT');
      expect(res.headers.get('link')).toBe('<https://example.com/deprecations/old>; rel="deprecation"; type="text/html"');
    }
    expect(((await client.models.retrieve('sem/old')) as unknown as { status: string }).status).toBe('deprecated');
  });
  it('should serve the replacement after the sunset and name the model asked for', async () => {
    clock = Date.parse('2026-07-01T00:00:00Z');
    const res = await post('/chat/completions', { model: 'sem/old', messages: hi });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-tf-model-redirect')).toBe('sem/old');
    expect(res.json.model).toBe('sem/new');
    expect(res.headers.get('x-tf-upstream-model')).toBe('new');
    expect(((await client.models.retrieve('sem/old')) as unknown as { status: string }).status).toBe('retired');
  });
  it('should answer 410 model_retired after the sunset when there is no replacement', async () => {
    clock = Date.parse('2026-07-01T00:00:00Z');
    const error = await client.chat.completions.create({ model: 'sem/gone', messages: hi }).catch((e: unknown) => e);
    expect((error as InstanceType<typeof OpenAI.APIError>).status).toBe(410);
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('model_retired');
  });
});
