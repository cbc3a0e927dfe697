import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, Socket } from 'node:net';
import OpenAI from 'openai';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { estimateTokens } from '../src/billing/estimate-tokens.js';
import { getRequestLogRow } from '../src/billing/request-log-repository.js';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { describeEachDialect } from '../src/testing/dialects.js';
import { redisTestUrl } from '../src/testing/redis-test-url.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';

const ask = { model: 'acme/chat', messages: [{ role: 'user' as const, content: 'hello upstream' }] };

async function holds(gw: TestGateway): Promise<bigint | undefined> {
  return (await gw.gateway.metering.store.read(`org:${gw.orgId}`))?.holdsNano;
}

describe('streams that fail', () => {
  let up: FakeUpstream;
  let gw: TestGateway;

  beforeAll(async () => {
    up = await startFakeOpenAIUpstream();
    gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: up.url }, { connectMs: 1000, headersMs: 5000, idleMs: 5000 }), env: { UP_KEY: 'k' } });
  });
  afterAll(async () => {
    await gw?.close();
    await up?.close();
  });
  beforeEach(() => up.reset());

  it('should bill only the delivered text, marked estimated, when the upstream dies mid-stream, and release the hold', async () => {
    up.setReply({ text: 'one two three four five six seven eight' });
    up.setBehaviour({ kind: 'reset-after-first-chunk' });
    const res = await fetch(`${gw.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...ask, stream: true }),
    });
    const text = await res.text();
    expect(text).toMatch(/data: \{"error":/);
    expect(text).toContain('"finish_reason":"error"');
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const delivered = text
      .split('\n')
      .filter((l) => l.startsWith('data: {') && l.includes('"delta"'))
      .map((l) => (JSON.parse(l.slice(6)) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? '');
    await gw.gateway.flushRequestLog();
    const row = await getRequestLogRow(gw.gateway.store.db, res.headers.get('x-request-id')!);
    expect(row?.usageSource).toBe('estimated');
    expect(row?.outputTokens).toBe(await estimateTokens(delivered));
    expect(row?.status).toBe(502);
    // The upstream died after its first chunk, which carries only the role: no content reached the
    // client, and a stream that delivered nothing is billed nothing, prompt included (docs/metering.md).
    expect(delivered.join('')).toBe('');
    expect(row?.costNano).toBe(0n);
    expect(await holds(gw)).toBe(0n);
  });

  it('should release the hold and bill what was produced when the client disconnects mid-stream', async () => {
    up.setBehaviour({ kind: 'slow-chunks', delayMs: 300 });
    const controller = new AbortController();
    const res = await fetch(`${gw.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gw.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...ask, stream: true }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    expect(await holds(gw)).toBeGreaterThan(0n);
    controller.abort();
    await expect
      .poll(async () => {
        await gw.gateway.flushRequestLog();
        return (await getRequestLogRow(gw.gateway.store.db, res.headers.get('x-request-id')!))?.status;
      }, { timeout: 3000 })
      .toBe(499);
    const row = await getRequestLogRow(gw.gateway.store.db, res.headers.get('x-request-id')!);
    expect(row?.usageSource).toBe('estimated');
    await expect.poll(() => holds(gw), { timeout: 2000 }).toBe(0n);
  });
});

/** A throwaway redis-server on a free port, so the test can kill it. */
async function startPrivateRedis(): Promise<{ url: string; proc: ChildProcess }> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const port = (probe.address() as { port: number }).port;
  probe.close();
  const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = new Socket();
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
      s.connect(port, '127.0.0.1');
    });
    if (ok) return { url: `redis://127.0.0.1:${port}`, proc };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('redis-server did not start');
}

describe('store unavailable', () => {
  const url = redisTestUrl();
  if (url === null) return;

  it('should answer 503 metering_unavailable with retry-after, without calling the upstream, when Redis goes away', async () => {
    const up = await startFakeOpenAIUpstream();
    const redis = await startPrivateRedis();
    const gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: up.url }), env: { UP_KEY: 'k' }, serveArgs: ['--redis', redis.url] });
    try {
      const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
      await client.chat.completions.create(ask);
      const calls = up.requests.length;
      redis.proc.kill('SIGKILL');
      await once(redis.proc, 'exit');
      const started = Date.now();
      const refused = await client.chat.completions.create(ask).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OpenAI.InternalServerError);
      const error = refused as InstanceType<typeof OpenAI.APIError>;
      expect(error.status).toBe(503);
      expect(error.code).toBe('metering_unavailable');
      expect(error.headers?.get('retry-after')).toBe('1');
      expect(Date.now() - started).toBeLessThan(3000);
      expect(up.requests.length).toBe(calls);
    } finally {
      await gw.close();
      await up.close();
      redis.proc.kill('SIGKILL');
    }
  });
});

// SQLite is in-process: it cannot become unreachable, so the suite exists on PostgreSQL only.
describeEachDialect('database unavailable', (ctx) => {
  it('should push back with 503 once usage records pile up, and write every record once the database returns (PostgreSQL only: an in-process SQLite file has no connection to cut)', async () => {
    const up = await startFakeOpenAIUpstream();
    const gw = await startTestGateway({ catalogue: upstreamCatalogue({ openai: up.url }), env: { UP_KEY: 'k' }, databaseUrl: ctx.url(), serverEnv: { TF_MAX_PENDING_USAGE: '5' } });
    const dbName = new URL(ctx.url()).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TF_TEST_DATABASE_URL });
    await admin.connect();
    try {
      const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
      await client.chat.completions.create(ask); // warm: accounts and key are now in memory
      await gw.gateway.flushRequestLog();
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await client.chat.completions.create(ask).then(() => 200, (e: InstanceType<typeof OpenAI.APIError>) => e.status ?? 0);
        statuses.push(r);
      }
      expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
      expect(statuses.slice(6)).toEqual(Array(6).fill(503));
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      await expect
        .poll(async () => {
          await gw.gateway.flushRequestLog().catch(() => undefined);
          return (await gw.gateway.store.db.selectFrom('request_log').select('id').execute().catch(() => [])).length;
        }, { timeout: 15_000, interval: 300 })
        .toBe(13);
      const ok = await gw.gateway.store.db.selectFrom('usage_events').select('id').execute();
      expect(ok.length).toBe(1 + statuses.filter((s) => s === 200).length);
    } finally {
      await admin.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`).catch(() => undefined);
      await admin.end();
      await gw.close();
      await up.close();
    }
  }, 30_000);
}, ['postgres']);
