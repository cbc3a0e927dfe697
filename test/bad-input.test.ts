import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ catalogue: readDemoCatalogue() });
});
afterAll(async () => gw?.close());

interface Envelope {
  error: { message: string; type: string; param: string | null; code: string };
}

async function call(path: string, init: { method?: string; body?: string; headers?: Record<string, string>; key?: string | null } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...init.headers };
  const key = init.key === undefined ? gw.key : init.key;
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const res = await fetch(gw.rootURL + path, { method: init.method ?? 'POST', headers, ...(init.body !== undefined ? { body: init.body } : {}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Envelope };
}

const ROUTES = ['/v1/chat/completions', '/v1/completions', '/v1/embeddings'] as const;
const VALID: Record<(typeof ROUTES)[number], Record<string, unknown>> = {
  '/v1/chat/completions': { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
  '/v1/completions': { model: 'openai/gpt-3.5-turbo-instruct', prompt: 'hi' },
  '/v1/embeddings': { model: 'openai/text-embedding-3-small', input: 'hi' },
};

function expectEnvelope(res: { status: number; headers: Headers; body: Envelope }, status: number, code: string, param?: string | null) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(res.headers.get('x-request-id')).toMatch(/^req_/);
  expect(res.body.error.code).toBe(code);
  expect(typeof res.body.error.message).toBe('string');
  expect(res.body.error.message.length).toBeGreaterThan(5);
  if (param !== undefined) expect(res.body.error.param).toBe(param);
}

describe.each(ROUTES)('bad input on %s', (route) => {
  it('should answer 400 invalid_json for malformed JSON', async () => {
    expectEnvelope(await call(route, { body: '{"model": ' }), 400, 'invalid_json');
  });
  it('should answer 400 for a body that is not an object', async () => {
    expectEnvelope(await call(route, { body: '[1,2]' }), 400, 'invalid_request');
  });
  it('should name a missing model', async () => {
    const { model: _model, ...rest } = VALID[route];
    expectEnvelope(await call(route, { body: JSON.stringify(rest) }), 400, 'missing_required_parameter', 'model');
  });
  it('should name a field of the wrong type', async () => {
    expectEnvelope(await call(route, { body: JSON.stringify({ ...VALID[route], model: 42 }) }), 400, 'invalid_value', 'model');
  });
  it('should answer 404 model_not_found for an unknown model', async () => {
    expectEnvelope(await call(route, { body: JSON.stringify({ ...VALID[route], model: 'nobody/nothing' }) }), 404, 'model_not_found', 'model');
  });
  it('should answer 401 without a key, and with an unknown key', async () => {
    expectEnvelope(await call(route, { body: JSON.stringify(VALID[route]), key: null }), 401, 'missing_api_key');
    expectEnvelope(await call(route, { body: JSON.stringify(VALID[route]), key: 'sk-tf-unknownunknownunknown' }), 401, 'invalid_api_key');
    expectEnvelope(await call(route, { body: JSON.stringify(VALID[route]), key: 'sk-live-other' }), 401, 'invalid_api_key');
  });
  it('should answer 415 for a non-JSON content type', async () => {
    expectEnvelope(await call(route, { body: 'model=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }), 415, 'unsupported_media_type');
  });
  it('should answer 413 for an oversized body', async () => {
    const huge = JSON.stringify({ ...VALID[route], padding: 'x'.repeat(33 * 1024 * 1024) });
    expectEnvelope(await call(route, { body: huge }), 413, 'request_too_large');
  });
  it('should answer 400 when the model serves another endpoint', async () => {
    const other = route === '/v1/chat/completions' ? 'openai/text-embedding-3-small' : 'openai/gpt-4o-mini';
    expectEnvelope(await call(route, { body: JSON.stringify({ ...VALID[route], model: other }) }), 400, 'model_not_supported_for_endpoint', 'model');
  });
});

describe('bad input on chat fields', () => {
  it.each([
    [{ messages: [] }, 'messages'],
    [{ messages: [{ role: 'wizard', content: 'x' }] }, 'messages[0].role'],
    [{ messages: [{ role: 'user', content: 5 }] }, 'messages[0].content'],
    [{ temperature: 3 }, 'temperature'],
    [{ n: 0 }, 'n'],
    [{ stop: ['a', 'b', 'c', 'd', 'e'] }, 'stop'],
    [{ tools: [{ type: 'function', function: { name: 'bad name!' } }] }, 'tools[0].function.name'],
    [{ response_format: { type: 'xml' } }, 'response_format.type'],
    [{ stream: 'yes' }, 'stream'],
  ])('should refuse %j naming %s', async (patch, param) => {
    const res = await call('/v1/chat/completions', { body: JSON.stringify({ ...VALID['/v1/chat/completions'], ...patch }) });
    expect(res.status).toBe(400);
    expect(res.body.error.param).toBe(param);
  });
});

describe('unknown routes and methods', () => {
  it('should answer 404 in the envelope for an unknown path', async () => {
    expectEnvelope(await call('/v1/nothing-here', { body: '{}' }), 404, 'unknown_url');
  });
  it('should answer 405 in the envelope, with allow, for a wrong method', async () => {
    const res = await call('/v1/chat/completions', { method: 'GET' });
    expectEnvelope(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('POST');
  });
});
