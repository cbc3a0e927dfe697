import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { deleteRedisPrefix, redisTestPrefix, redisTestUrl } from '../src/testing/redis-test-url.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

const catalogue = (failing: string, healthy: string) => `
providers:
  - { id: failing, type: openai, baseUrl: ${failing}, timeouts: {connectMs: 500, headersMs: 2000, idleMs: 2000} }
  - { id: healthy, type: openai, baseUrl: ${healthy}, timeouts: {connectMs: 500, headersMs: 2000, idleMs: 2000} }
models:
  - id: acme/shared
    kind: chat
    contextLength: 8000
    maxOutputTokens: 100
    pricing: {input: "1", output: "2"}
    upstreamModel: shared
    deployments: [{provider: failing}, {provider: healthy}]
    cooldown: {failures: 2, seconds: 30}
`;

describe('cooldowns shared by two gateway processes on Redis', () => {
  const redisUrl = redisTestUrl();
  if (redisUrl === null) return;
  const prefix = redisTestPrefix();
  let failing: FakeUpstream;
  let healthy: FakeUpstream;
  let one: TestGateway;
  let two: TestGateway;

  beforeAll(async () => {
    failing = await startFakeOpenAIUpstream();
    healthy = await startFakeOpenAIUpstream();
    failing.setBehaviour({ kind: 'status', status: 500 });
    // Two gateways, each with its own router and store, sharing only Redis (as two processes do).
    const options = { catalogue: catalogue(failing.url, healthy.url), serveArgs: ['--redis', redisUrl], serverEnv: { TF_REDIS_PREFIX: prefix } };
    [one, two] = await Promise.all([startTestGateway(options), startTestGateway(options)]);
  }, 60_000);
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await failing?.close();
    await healthy?.close();
    await deleteRedisPrefix(redisUrl, prefix);
  });

  it('should keep the second process off a deployment the first one put in cooldown', async () => {
    const first = new OpenAI({ baseURL: one.baseURL, apiKey: one.key, maxRetries: 0 });
    const ask = { model: 'acme/shared', messages: [{ role: 'user' as const, content: 'hi' }] };
    // Every request is answered (the healthy deployment takes over) until the first process's circuit opens.
    for (let i = 0; i < 40 && failing.requests.length < 2; i++) await first.chat.completions.create(ask);
    expect(failing.requests).toHaveLength(2);
    // The other process reads shared cooldowns every 500 ms.
    await new Promise((r) => setTimeout(r, 1200));
    const second = new OpenAI({ baseURL: two.baseURL, apiKey: two.key, maxRetries: 0 });
    for (let i = 0; i < 12; i++) await second.chat.completions.create(ask);
    expect(failing.requests).toHaveLength(2);
    const models = (await second.models.list()).data as unknown as { id: string; health?: string }[];
    expect(models.find((m) => m.id === 'acme/shared')?.health).toBe('degraded');
  });
});
