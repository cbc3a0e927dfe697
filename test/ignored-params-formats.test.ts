import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ catalogue: readDemoCatalogue() });
});
afterAll(async () => gw?.close());

async function post(path: string, body: Record<string, unknown>): Promise<{ headers: Headers; text: string }> {
  const res = await fetch(`${gw.rootURL}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return { headers: res.headers, text: await res.text() };
}

/** The data of the first SSE frame named `event`. */
function firstFrame(text: string, event: string): Record<string, unknown> {
  const frame = text.split('\n\n').find((f) => f.startsWith(`event: ${event}\n`));
  if (frame === undefined) throw new Error(`no ${event} frame in:\n${text}`);
  return JSON.parse(frame.split('\n').find((l) => l.startsWith('data: '))!.slice(6)) as Record<string, unknown>;
}

describe('ignored parameters on the message-style and responses-style APIs', () => {
  it('should report them on /v1/messages in the header, the JSON body and message_start', async () => {
    const base = { model: 'anthropic/claude-sonnet-4', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }], frobnicate: 1 };
    const plain = await post('/v1/messages', base);
    expect(plain.headers.get('x-tf-ignored-params')).toBe('frobnicate');
    expect((JSON.parse(plain.text) as { tf: unknown }).tf).toEqual({ ignored_params: ['frobnicate'] });
    const streamed = await post('/v1/messages', { ...base, stream: true });
    expect((firstFrame(streamed.text, 'message_start').message as { tf: unknown }).tf).toEqual({ ignored_params: ['frobnicate'] });
  });

  it('should report them on /v1/responses in the header, the JSON body and response.created', async () => {
    const base = { model: 'openai/gpt-4o-mini', input: 'hi', frobnicate: 1 };
    const plain = await post('/v1/responses', base);
    expect(plain.headers.get('x-tf-ignored-params')).toBe('frobnicate');
    expect((JSON.parse(plain.text) as { tf: unknown }).tf).toEqual({ ignored_params: ['frobnicate'] });
    const streamed = await post('/v1/responses', { ...base, stream: true });
    expect((firstFrame(streamed.text, 'response.created').response as { tf: unknown }).tf).toEqual({ ignored_params: ['frobnicate'] });
  });
});
