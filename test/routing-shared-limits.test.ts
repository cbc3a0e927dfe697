import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { deleteRedisPrefix, redisTestPrefix, redisTestUrl } from '../src/testing/redis-test-url.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

// up-a takes nearly every request by weight while it has room under its own tpm.
const catalogue = (a: string, b: string) => `
providers:
  - { id: up-a, type: openai, baseUrl: ${a} }
  - { id: up-b, type: openai, baseUrl: ${b} }
models:
  - id: acme/metered
    kind: chat
    contextLength: 8000
    maxOutputTokens: 100
    pricing: {input: "1", output: "2"}
    upstreamModel: metered
    deployments: [{provider: up-a, tpm: 2000, weight: 1000}, {provider: up-b}]
    retries: {attempts: 0}
`;

describe('per-deployment limits shared by two gateway processes on Redis', () => {
  const redisUrl = redisTestUrl();
  if (redisUrl === null) return;
  const prefix = redisTestPrefix();
  let a: FakeUpstream;
  let b: FakeUpstream;
  let one: TestGateway;
  let two: TestGateway;

  beforeAll(async () => {
    a = await startFakeOpenAIUpstream();
    b = await startFakeOpenAIUpstream();
    for (const up of [a, b]) up.setReply({ usage: { inputTokens: 800, outputTokens: 100 } });
    const options = { catalogue: catalogue(a.url, b.url), serveArgs: ['--redis', redisUrl], serverEnv: { TF_REDIS_PREFIX: prefix } };
    [one, two] = await Promise.all([startTestGateway(options), startTestGateway(options)]);
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await a?.close();
    await b?.close();
    await deleteRedisPrefix(redisUrl, prefix);
  });

  it("should keep the second process off a deployment whose tpm the first one used up", async () => {
    const ask = { model: 'acme/metered', messages: [{ role: 'user' as const, content: 'hi' }] };
    // Stay clear of a minute boundary: windows are whole clock minutes.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const first = new OpenAI({ baseURL: one.baseURL, apiKey: one.key, maxRetries: 0 });
    // 900 tokens each: the third brings up-a's minute to 2,700, past its 2,000.
    for (let i = 0; i < 3; i++) await first.chat.completions.create(ask);
    expect(a.requests).toHaveLength(3);
    // Each process publishes and reads the shared counts every 500 ms.
    await new Promise((r) => setTimeout(r, 1200));
    const second = new OpenAI({ baseURL: two.baseURL, apiKey: two.key, maxRetries: 0 });
    for (let i = 0; i < 6; i++) await second.chat.completions.create(ask);
    expect(a.requests).toHaveLength(3);
    expect(b.requests).toHaveLength(6);
  }, 30_000);
});
