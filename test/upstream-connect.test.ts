import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { refusedPort } from '../src/testing/refused-port.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

let gw: TestGateway;

beforeAll(async () => {
  gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: `http://127.0.0.1:${await refusedPort()}/v1` }), env: { UP_KEY: 'k' } });
});
afterAll(async () => gw?.close());

describe('an unreachable upstream', () => {
  it('should answer 502 upstream_connect_failed with retry-after, streaming or not', async () => {
    for (const stream of [false, true]) {
      const res = await fetch(`${gw.baseURL}/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'acme/chat', stream, messages: [{ role: 'user', content: 'x' }] }),
      });
      expect(res.status).toBe(502);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('upstream_connect_failed');
    }
  });

  it('should surface as an InternalServerError the SDK retries', async () => {
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    const error = await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'x' }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
  });
});
