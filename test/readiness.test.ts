import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFundedKey } from '../src/testing/admin-json.js';
import { startFakeOpenAIUpstream, type FakeUpstream } from '../src/testing/fake-upstream/index.js';
import { deleteRedisPrefix, redisTestPrefix, redisTestUrl } from '../src/testing/redis-test-url.js';
import { startServeProcess } from '../src/testing/serve-process.js';
import { startTcpProxy, type TcpProxy } from '../src/testing/tcp-proxy.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';
import { upstreamCatalogue } from '../src/testing/upstream-catalogue.js';
import { IN_CI } from '../src/testing/in-ci.js';

const PG_URL = process.env.TF_TEST_DATABASE_URL ?? '';

interface Ready {
  readonly status: number;
  readonly body: { status: string; checks: Record<string, string> };
  readonly requestId: string | null;
}

async function ready(base: string): Promise<Ready> {
  const res = await fetch(`${base}/health/ready`);
  return { status: res.status, body: (await res.json()) as Ready['body'], requestId: res.headers.get('x-request-id') };
}

describe('GET /health/ready with PostgreSQL and Redis behind proxies the test cuts', () => {
  const redisUrl = redisTestUrl();
  if (PG_URL === '') {
    const reason = 'Readiness tests on PostgreSQL skipped: TF_TEST_DATABASE_URL is not set.';
    if (IN_CI) throw new Error(`${reason} CI must run them.`);
    console.warn(reason);
    it.skip(reason, () => undefined);
    return;
  }
  if (redisUrl === null) return;

  const dbName = `tf_t_${randomBytes(6).toString('hex')}`;
  const redisPrefix = redisTestPrefix();
  let pgProxy: TcpProxy;
  let redisProxy: TcpProxy;
  let up: FakeUpstream;
  let gw: TestGateway;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const pgTarget = new URL(PG_URL);
    const redisTarget = new URL(redisUrl);
    pgProxy = await startTcpProxy(pgTarget.hostname, Number(pgTarget.port || 5432));
    redisProxy = await startTcpProxy(redisTarget.hostname, Number(redisTarget.port || 6379));
    const viaProxy = new URL(PG_URL);
    viaProxy.host = `127.0.0.1:${pgProxy.port}`;
    viaProxy.pathname = `/${dbName}`;
    up = await startFakeOpenAIUpstream();
    gw = await startTestGateway({
      catalogue: upstreamCatalogue({ openai: up.url }),
      env: { UP_KEY: 'k' },
      databaseUrl: viaProxy.toString(),
      serveArgs: ['--redis', `redis://127.0.0.1:${redisProxy.port}`],
      serverEnv: { TF_REDIS_PREFIX: redisPrefix },
    });
  }, 60_000);

  afterAll(async () => {
    await pgProxy?.restore();
    await redisProxy?.restore();
    await gw?.close();
    await up?.close();
    await pgProxy?.close();
    await redisProxy?.close();
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await deleteRedisPrefix(redisUrl, redisPrefix);
  });

  it('should be ready when the database, Redis and the catalogue are usable, and say which checks it ran', async () => {
    const r = await ready(gw.rootURL);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', catalogue: 'ok' } });
    expect(r.requestId).toMatch(/^req_/);
    const live = await fetch(`${gw.rootURL}/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('x-request-id')).toMatch(/^req_/);
    expect(await (await fetch(`${gw.rootURL}/health`)).json()).toEqual({ status: 'ok' });
  });

  it('should turn not ready while PostgreSQL is unreachable and ready again when it is back, while /health/live stays up', async () => {
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'warm' }] });
    await pgProxy.cut();
    try {
      await expect.poll(async () => (await ready(gw.rootURL)).body, { timeout: 10_000, interval: 200 }).toEqual({ status: 'not_ready', checks: { database: 'unavailable', redis: 'ok', catalogue: 'ok' } });
      expect((await ready(gw.rootURL)).status).toBe(503);
      expect((await fetch(`${gw.rootURL}/health/live`)).status).toBe(200);
      // Balances and keys are in memory: a warm key is still served, and its log entry waits in the queue.
      await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'while the database is away' }] });
      const metrics = await (await fetch(`${gw.rootURL}/metrics`)).text();
      expect(Number(/^tf_gateway_request_log_queued_entries (\S+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
    } finally {
      await pgProxy.restore();
    }
    await expect.poll(async () => (await ready(gw.rootURL)).status, { timeout: 15_000, interval: 200 }).toBe(200);
    // The queued entry is written once the database is back.
    await expect.poll(async () => /^tf_gateway_request_log_queued_entries (\S+)$/m.exec(await (await fetch(`${gw.rootURL}/metrics`)).text())?.[1], { timeout: 15_000 }).toBe('0');
  }, 60_000);

  it('should turn not ready while Redis is unreachable and ready again when it is back', async () => {
    await redisProxy.cut();
    try {
      await expect.poll(async () => (await ready(gw.rootURL)).body, { timeout: 10_000, interval: 200 }).toEqual({ status: 'not_ready', checks: { database: 'ok', redis: 'unavailable', catalogue: 'ok' } });
      expect((await ready(gw.rootURL)).status).toBe(503);
    } finally {
      await redisProxy.restore();
    }
    await expect.poll(async () => (await ready(gw.rootURL)).status, { timeout: 15_000, interval: 200 }).toBe(200);
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    await expect(client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'redis is back' }] })).resolves.toBeDefined();
  }, 60_000);
});

describe('GET /health/ready during the SIGTERM drain', () => {
  let dir: string;
  let up: FakeUpstream;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'tf-drain-'));
  });
  afterAll(async () => {
    await up?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should answer 503 draining at once while in-flight and new requests are still served for TF_DRAIN_DELAY_MS, then exit 0', async () => {
    up = await startFakeOpenAIUpstream();
    writeFileSync(join(dir, 'catalogue.yaml'), upstreamCatalogue({ openai: up.url }));
    const databaseUrl = `sqlite:${join(dir, 'gw.db')}`;
    const { key } = await createFundedKey(databaseUrl, { org: 'drain', amount: '5.00' });
    const gw = await startServeProcess(['--config', join(dir, 'catalogue.yaml'), '--database', databaseUrl, '--port', '0'], { UP_KEY: 'k', TF_DRAIN_DELAY_MS: '2500' });
    const client = new OpenAI({ baseURL: `${gw.url}/v1`, apiKey: key, maxRetries: 0 });
    expect((await ready(gw.url)).status).toBe(200);
    // A stream in flight when SIGTERM arrives.
    up.setBehaviour({ kind: 'slow-chunks', delayMs: 150 });
    const stream = await client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'long answer' }], stream: true });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.next();
    gw.proc.kill('SIGTERM');
    await expect.poll(async () => (await ready(gw.url)).status, { timeout: 2000, interval: 50 }).toBe(503);
    const draining = await ready(gw.url);
    expect(draining.body).toEqual({ status: 'draining', checks: {} });
    expect(draining.requestId).toMatch(/^req_/);
    expect((await fetch(`${gw.url}/health/live`)).status).toBe(200);
    // Load balancers take a moment to notice: requests that still arrive are served.
    up.setBehaviour({ kind: 'ok' });
    await expect(client.chat.completions.create({ model: 'acme/chat', messages: [{ role: 'user', content: 'late but served' }] })).resolves.toBeDefined();
    let chunks = 1;
    while (!(await iterator.next()).done) chunks++;
    expect(chunks).toBeGreaterThan(1);
    expect(await gw.stop()).toBe(0);
    expect(gw.output()).toContain('draining in-flight requests');
  }, 60_000);
});
