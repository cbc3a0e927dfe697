import type { FastifyInstance } from 'fastify';
import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequestId } from '../../core/ids.js';
import { addTestMember, buildConsoleApp, call, createTestKey, createTestOrg, createTestPerson, TEST_ADMIN_TOKEN, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';
import { readDemoCatalogue } from '../../testing/demo-catalogue.js';
import { startTestGateway } from '../../testing/start-test-gateway.js';
import { parseUsd } from '../../core/money.js';
import { formatFemtoUsd } from './explain-cost.js';

describeEachDialect('console requests', (ctx) => {
  let app: FastifyInstance;
  let viewer: TestPerson;
  let projectId: string;
  let keyA: string;
  const ids: string[] = [];
  const db = () => ctx.store().db;

  async function log(keyId: string | null, model: string, status: number, at: number): Promise<string> {
    const id = createRequestId(at);
    await db().insertInto('request_log').values({
      id, org_id: keyId ? orgId : null, project_id: keyId ? projectId : null, key_id: keyId, endpoint: 'chat.completions', model_requested: model, model_resolved: model,
      provider_id: 'sim', stream: 0, status, error_code: status === 200 ? null : 'upstream_error', latency_ms: 12, ttft_ms: 3, input_tokens: 10, output_tokens: 5,
      cached_tokens: 0, reasoning_tokens: 0, usage_source: 'reported', cost_nano: 1_234n, created_at: at,
    }).execute();
    return id;
  }
  let orgId: string;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    const created = await createTestOrg(db());
    orgId = created.org.id;
    projectId = created.project.id;
    viewer = await createTestPerson(db(), 'viewer');
    await addTestMember(db(), orgId, viewer.user.id, 'viewer');
    keyA = (await createTestKey(db(), orgId, projectId)).key.id;
    const keyB = (await createTestKey(db(), orgId, projectId)).key.id;
    ids.push(await log(keyA, 'm1', 200, 1_000), await log(keyB, 'm2', 502, 2_000), await log(keyA, 'm2', 200, 3_000), await log(null, 'm1', 401, 4_000));
  });
  afterAll(async () => {
    await app.close();
  });

  it('should list newest first with filters and money as USD strings', async () => {
    const all = (await call(app, 'GET', `/api/projects/${projectId}/requests`, { auth: viewer.auth })).json();
    expect(all.data.map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all.data[0]).toMatchObject({ cost_usd: '0.000001234', usage: { input_tokens: 10, output_tokens: 5, source: 'reported' } });
    const byKey = (await call(app, 'GET', `/api/projects/${projectId}/requests?key_id=${keyA}&model=m2`, { auth: viewer.auth })).json();
    expect(byKey.data.map((r: { id: string }) => r.id)).toEqual([ids[2]]);
    const byStatus = (await call(app, 'GET', `/api/projects/${projectId}/requests?status=502`, { auth: viewer.auth })).json();
    expect(byStatus.data.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const since = new Date(2_000).toISOString();
    const until = new Date(3_000).toISOString();
    const window = (await call(app, 'GET', `/api/projects/${projectId}/requests?since=${since}&until=${until}`, { auth: viewer.auth })).json();
    expect(window.data.map((r: { id: string }) => r.id)).toEqual([ids[1]]);
    const page = (await call(app, 'GET', `/api/projects/${projectId}/requests?limit=2`, { auth: viewer.auth })).json();
    const next = (await call(app, 'GET', `/api/projects/${projectId}/requests?limit=2&cursor=${page.next_cursor}`, { auth: viewer.auth })).json();
    expect([...page.data, ...next.data].map((r: { id: string }) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(next.next_cursor).toBeNull();
  });

  it('should read one request by its id; unauthenticated failures only for the operator', async () => {
    expect((await call(app, 'GET', `/api/requests/${ids[0]}`, { auth: viewer.auth })).json()).toMatchObject({ id: ids[0], status: 200, key_id: keyA });
    expect((await call(app, 'GET', `/api/requests/${ids[3]}`, { auth: viewer.auth })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/requests/${ids[3]}`, { auth: `Bearer ${TEST_ADMIN_TOKEN}` })).json()).toMatchObject({ status: 401, project_id: null });
    expect((await call(app, 'GET', '/api/requests/req_0000000000nothinghere000000', { auth: viewer.auth })).statusCode).toBe(404);
  });

  it('should explain a served request: tokens x catalogue prices = the cost the SDK got, the hold admission took, the ledger debit', async () => {
    const adminToken = 'requests-test-operator-token-0123456789';
    const gateway = await startTestGateway({ catalogue: readDemoCatalogue(), databaseUrl: ctx.url(), serverEnv: { TF_SETTLE_INTERVAL_MS: '50', TF_ADMIN_TOKEN: adminToken } });
    try {
      const client = new OpenAI({ apiKey: gateway.key, baseURL: gateway.baseURL, maxRetries: 0 });
      const { data: answer, response } = await client.chat.completions
        .create({ model: 'openai/gpt-4o-mini', max_tokens: 300, messages: [{ role: 'user', content: 'Explain money in one sentence.' }] })
        .withResponse();
      const requestId = response.headers.get('x-request-id')!;
      const billed = (answer.usage as unknown as { cost: string }).cost;
      const read = async () => (await fetch(`${gateway.rootURL}/api/requests/${requestId}`, { headers: { authorization: `Bearer ${adminToken}` } })).json() as Promise<Record<string, unknown>>;
      let detail = await read();
      for (let i = 0; i < 100 && detail.ledger_entry == null; i++) {
        await new Promise((r) => setTimeout(r, 50));
        detail = await read();
      }
      expect(detail).toMatchObject({ id: requestId, cost_usd: billed, model_resolved: expect.stringMatching(/^openai\/gpt-4o-mini/) });
      const explained = detail.cost_explained as { lines: { token_class: string; tokens: number; price_per_million_usd: string; amount_usd: string }[]; rounded_usd: string; matches_cost: boolean };
      expect(explained.rounded_usd).toBe(billed);
      expect(explained.matches_cost).toBe(true);
      const input = explained.lines.find((l) => l.token_class === 'input')!;
      const output = explained.lines.find((l) => l.token_class === 'output')!;
      expect(input.tokens).toBe(answer.usage!.prompt_tokens);
      expect(output.tokens).toBe(answer.usage!.completion_tokens);
      // The demo catalogue's gpt-4o-mini: 0.15 and 0.60 USD per million tokens.
      expect([input.price_per_million_usd, output.price_per_million_usd]).toEqual(['0.150000000', '0.600000000']);
      expect(output.amount_usd).toBe(formatFemtoUsd(BigInt(output.tokens) * 600_000_000n));
      // The hold was the worst case (every requested output token), at least the cost; the debit is the cost, negative.
      const hold = parseUsd(detail.hold_usd as string)!;
      expect(hold).toBeGreaterThanOrEqual(BigInt(300) * 600n);
      expect(hold).toBeGreaterThanOrEqual(parseUsd(billed)!);
      expect(detail.ledger_entry).toMatchObject({ id: expect.stringMatching(/^led_/), amount_usd: `-${billed}` });
    } finally {
      await gateway.close();
    }
  });

  it('should explain no cost for a model the catalogue does not hold, and say when nothing was held or settled', async () => {
    const detail = (await call(app, 'GET', `/api/requests/${ids[0]}`, { auth: viewer.auth })).json();
    expect(detail).toMatchObject({ hold_usd: null, ledger_entry: null, cost_explained: null });
  });
});
