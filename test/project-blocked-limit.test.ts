import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDemoCatalogue } from '../src/testing/demo-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ catalogue: readDemoCatalogue(), serverEnv: { TF_ADMIN_TOKEN: 'op-token' } });
});
afterAll(async () => gw?.close());

describe('a project whose limit is 0', () => {
  it('should refuse its requests with 429 (0 means blocked, not unlimited)', async () => {
    const res = await fetch(`${gw.rootURL}/api/projects/${gw.projectId}/limits`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer op-token', 'content-type': 'application/json', 'x-requested-with': 'fetch' },
      body: JSON.stringify({ rpm: 600, tpm: 0 }),
    });
    expect(res.status).toBe(200);
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    await expect.poll(async () => {
      const error = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).then(() => null, (e: unknown) => e);
      return error instanceof OpenAI.RateLimitError;
    }, { timeout: 15_000, interval: 500 }).toBe(true);
  });
});
