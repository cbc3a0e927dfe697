import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceCatalogue } from '../../src/testing/conformance-catalogue.js';
import { startFakeAnthropicUpstream, startFakeOpenAIUpstream, type FakeUpstream } from '../../src/testing/fake-upstream/index.js';
import { startTestGateway, type TestGateway } from '../../src/testing/start-test-gateway.js';
import { callEndpoint, sampleBody } from './call-endpoint.js';

let up: FakeUpstream;
let claude: FakeUpstream;
let gw: TestGateway;

beforeAll(async () => {
  up = await startFakeOpenAIUpstream();
  claude = await startFakeAnthropicUpstream();
  gw = await startTestGateway({ catalogue: conformanceCatalogue({ openai: up.url, anthropic: claude.url }), env: { UP_KEY: 'k', ANT_KEY: 'k' } });
});
afterAll(async () => {
  await gw?.close();
  await up?.close();
  await claude?.close();
});

describe('structured output on Messages (issue 18 item 3)', () => {
  it('should refuse output_config.format on a model without jsonSchema with 400 unsupported_parameter, as chat and responses do', async () => {
    const format = { type: 'json_schema', schema: { type: 'object', properties: { a: { type: 'string' } } } };
    const messages = await callEndpoint(gw.rootURL, gw.key, 'messages', { ...sampleBody('messages', 'conf/plain', false), output_config: { format } });
    expect(messages.status).toBe(400);
    expect(messages.json).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', code: 'unsupported_parameter', param: 'output_config.format' } });
    const chat = await callEndpoint(gw.rootURL, gw.key, 'chat', { ...sampleBody('chat', 'conf/plain', false), response_format: { type: 'json_schema', json_schema: { name: 'x', schema: format.schema } } });
    expect(chat.status).toBe(400);
    expect((chat.json!.error as { code: string }).code).toBe('unsupported_parameter');
    const allowed = await callEndpoint(gw.rootURL, gw.key, 'messages', { ...sampleBody('messages', 'conf/sim', false), output_config: { format } });
    expect(allowed.status).toBe(200);
  });
});

describe('usage: null before the usage chunk (issue 18 item 7)', () => {
  for (const [api, model] of [['chat', 'conf/sim'], ['chat', 'conf/claude'], ['chat', 'conf/openai'], ['completions', 'conf/complete-sim'], ['completions', 'conf/complete-openai']] as const) {
    it(`should be on every ${api} chunk from ${model} when include_usage is set`, async () => {
      const answer = await callEndpoint(gw.rootURL, gw.key, api, sampleBody(api, model, true));
      expect(answer.done).toBe(true);
      const last = answer.events.at(-1)!.data;
      expect(last.choices).toEqual([]);
      expect(last.usage).toMatchObject({ cost: expect.stringMatching(/^0\.\d{9}$/) as unknown });
      for (const event of answer.events.slice(0, -1)) expect(event.data).toHaveProperty('usage', null);
    });
  }
});

describe('service_tier (issue 18 item 8)', () => {
  it('should echo the requested tier from an upstream that reports none, on the answer and every chunk', async () => {
    for (const model of ['conf/sim', 'conf/claude']) {
      const json = await callEndpoint(gw.rootURL, gw.key, 'chat', { ...sampleBody('chat', model, false), service_tier: 'flex' });
      expect(json.json!.service_tier).toBe('flex');
      const stream = await callEndpoint(gw.rootURL, gw.key, 'chat', { ...sampleBody('chat', model, true), service_tier: 'flex' });
      for (const event of stream.events) expect(event.data.service_tier).toBe('flex');
    }
    const response = await callEndpoint(gw.rootURL, gw.key, 'responses', { ...sampleBody('responses', 'conf/sim', false), service_tier: 'flex' });
    expect(response.json!.service_tier).toBe('flex');
  });

  it('should keep the tier a passthrough upstream reports, and fill it in where it reports none', async () => {
    const json = await callEndpoint(gw.rootURL, gw.key, 'chat', { ...sampleBody('chat', 'conf/openai', false), service_tier: 'flex' });
    expect(json.json!.service_tier).toBe('default'); // what the fake upstream says
    const stream = await callEndpoint(gw.rootURL, gw.key, 'chat', { ...sampleBody('chat', 'conf/openai', true), service_tier: 'flex' });
    expect(stream.events.length).toBeGreaterThan(1);
    for (const event of stream.events) expect(event.data.service_tier).toBe('flex');
  });

  it('should leave service_tier out when the request did not ask', async () => {
    const json = await callEndpoint(gw.rootURL, gw.key, 'chat', sampleBody('chat', 'conf/sim', false));
    expect(json.json).not.toHaveProperty('service_tier');
  });
});

describe('features a translated upstream cannot provide (issue 18 item 9)', () => {
  it('should name logprobs from the simulator in x-tf-ignored-params and tf.ignored_params', async () => {
    const chat = await callEndpoint(gw.rootURL, gw.key, 'chat', { ...sampleBody('chat', 'conf/sim', false), logprobs: true, top_logprobs: 2 });
    expect(chat.status).toBe(200);
    expect(chat.headers.get('x-tf-ignored-params')).toBe('logprobs,top_logprobs');
    expect(chat.json!.tf).toEqual({ ignored_params: ['logprobs', 'top_logprobs'] });
    const completion = await callEndpoint(gw.rootURL, gw.key, 'completions', { ...sampleBody('completions', 'conf/complete-sim', true), logprobs: 3 });
    expect(completion.headers.get('x-tf-ignored-params')).toBe('logprobs');
    const response = await callEndpoint(gw.rootURL, gw.key, 'responses', { ...sampleBody('responses', 'conf/claude', false), top_logprobs: 3 });
    expect(response.headers.get('x-tf-ignored-params')).toBe('top_logprobs');
  });

  it('should pass logprobs to an upstream that speaks the same API, and not report them', async () => {
    const chat = await callEndpoint(gw.rootURL, gw.key, 'chat', { ...sampleBody('chat', 'conf/openai', false), logprobs: true, top_logprobs: 2 });
    expect(chat.headers.get('x-tf-ignored-params')).toBeNull();
    expect(up.requests.at(-1)!.body).toMatchObject({ logprobs: true, top_logprobs: 2 });
  });

  it('should not report a request that asks for nothing (logprobs: false)', async () => {
    const chat = await callEndpoint(gw.rootURL, gw.key, 'chat', { ...sampleBody('chat', 'conf/sim', false), logprobs: false });
    expect(chat.headers.get('x-tf-ignored-params')).toBeNull();
  });
});
