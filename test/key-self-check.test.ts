import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseUsd } from '../src/core/money.js';
import { METERING_CATALOGUE } from '../src/testing/metering-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

interface SelfCheck {
  object: string;
  name: string;
  prefix: string;
  expires_at: string | null;
  allowed_models: string[] | null;
  limits: { rpm: number | null; tpm: number | null };
  budgets: { key_monthly_usd: string | null; project_monthly_usd: string | null };
  usage: string | null;
  as_of: string | null;
  snapshot_id: string | null;
  latest_settled_usage_at: string | null;
  unsettled_records: number | null;
}

let clock = Date.now();
let gw: TestGateway;

async function check(secret: string): Promise<{ status: number; body: SelfCheck; headers: Headers }> {
  const res = await fetch(`${gw.baseURL}/key`, { headers: { authorization: `Bearer ${secret}` } });
  return { status: res.status, body: (await res.json()) as SelfCheck, headers: res.headers };
}

beforeAll(async () => {
  // Settlement runs only when a test asks (runOnce): a background pass between a request's commit and
  // the "written, not yet settled" check would settle it (the commit now precedes the answer).
  gw = await startTestGateway({ catalogue: METERING_CATALOGUE, creditUsd: '10.00', now: () => clock, serverEnv: { TF_SETTLE_INTERVAL_MS: '3600000' } });
});
afterAll(async () => gw?.close());

describe('GET /v1/key', () => {
  it("should describe the key with exact USD budgets, null for unlimited and zero kept as zero, and nothing about the organization", async () => {
    await gw.admin(['key', 'budget', '--id', await keyId(gw.key), '--budget', '2.5']);
    await gw.admin(['project', 'limits', '--project', gw.projectId, '--rpm', '600', '--budget', '0']);
    const { status, body, headers } = await check(gw.key);
    expect(status).toBe(200);
    expect(headers.get('x-request-id')).toMatch(/^req_/);
    expect(body).toMatchObject({
      object: 'api_key',
      name: 'test',
      prefix: gw.key.slice(0, 12),
      expires_at: null,
      allowed_models: null,
      limits: { rpm: 600, tpm: null },
      budgets: { key_monthly_usd: '2.500000000', project_monthly_usd: '0.000000000' },
      usage: '0.000000000',
      latest_settled_usage_at: null,
      unsettled_records: 0,
    });
    expect(Date.parse(body.as_of!)).toBe(clock);
    expect(body.snapshot_id).toMatch(/^snap_/);
    expect(JSON.stringify(body)).not.toMatch(/balance|10\.00|org_/);
    await gw.admin(['project', 'limits', '--project', gw.projectId, '--rpm', 'none', '--budget', 'none']);
  });

  it('should refuse unknown keys and console tokens with 401, and never write a request or usage record', async () => {
    expect((await check('sk-tf-not-a-real-key-000000000000')).status).toBe(401);
    const consoleToken = await check('tf_at_0123456789abcdef');
    expect(consoleToken.status).toBe(401);
    expect((consoleToken.body as unknown as { error: { code: string } }).error.code).toBe('invalid_api_key');
    await gw.gateway.flushRequestLog();
    const rows = await gw.gateway.store.db.selectFrom('request_log').select('id').execute();
    expect(rows).toHaveLength(0);
  });

  it('should reflect a disabled key within the key refresh period (before the clock moves: key timestamps are real time)', async () => {
    const key = await gw.admin(['key', 'create', '--project', gw.projectId, '--name', 'soon-disabled']);
    expect((await check(String(key.secret))).status).toBe(200);
    await gw.admin(['key', 'disable', '--id', String(key.id)]);
    await gw.gateway.refreshCaches();
    const after = await check(String(key.secret));
    expect(after.status).toBe(401);
    expect((after.body as unknown as { error: { code: string } }).error.code).toBe('api_key_disabled');
  });

  it('should keep a snapshot for up to 60 s of a moved clock, then show the settled usage of the month', async () => {
    clock += 120_000; // past the snapshot of the first test
    const before = await check(gw.key);
    const client = new OpenAI({ baseURL: gw.baseURL, apiKey: gw.key, maxRetries: 0 });
    const res = await client.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'bill me' }], max_tokens: 8 });
    const cost = parseUsd((res.usage as unknown as { cost: string }).cost)!;
    await gw.gateway.flushRequestLog();
    clock += 30_000;
    const cached = await check(gw.key);
    expect(cached.body.snapshot_id).toBe(before.body.snapshot_id);
    expect(cached.body.usage).toBe('0.000000000');
    clock += 31_000;
    const unsettled = await check(gw.key);
    expect(unsettled.body.usage).toBe('0.000000000'); // written, not yet settled: excluded
    expect(unsettled.body.unsettled_records).toBe(1);
    await gw.gateway.metering.settler.runOnce();
    clock += 61_000;
    const fresh = await check(gw.key);
    expect(fresh.body.snapshot_id).not.toBe(before.body.snapshot_id);
    expect(parseUsd(fresh.body.usage!)).toBe(cost);
    expect(fresh.body.unsettled_records).toBe(0);
    expect(fresh.body.latest_settled_usage_at).not.toBeNull();
    expect(Date.parse(fresh.body.as_of!)).toBe(clock);
  });

  it('should limit itself to 12,000 checks per minute per client address with 429 and retry-after', async () => {
    clock = Math.ceil(clock / 60_000) * 60_000 + 1_000; // a fresh window
    let ok = 0;
    for (let i = 0; i < 60; i++) {
      const batch = await Promise.all(Array.from({ length: 200 }, () => fetch(`${gw.baseURL}/key`, { headers: { authorization: 'Bearer sk-tf-unknown' } })));
      ok += batch.filter((r) => r.status === 401).length;
    }
    expect(ok).toBe(12_000);
    const limited = await fetch(`${gw.baseURL}/key`, { headers: { authorization: `Bearer ${gw.key}` } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('59');
  }, 60_000);
});

async function keyId(secret: string): Promise<string> {
  const row = await gw.gateway.store.db.selectFrom('api_keys').select('id').where('prefix', '=', secret.slice(0, 12)).executeTakeFirstOrThrow();
  return row.id;
}
