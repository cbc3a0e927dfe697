import type { FastifyInstance } from 'fastify';
import OpenAI from 'openai';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertAccessToken } from '../../auth/access-token-repository.js';
import { findApiKeyByHash } from '../../auth/api-key-repository.js';
import { hashApiKeySecret } from '../../auth/api-key-secret.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, TEST_ADMIN_TOKEN, type TestPerson } from '../../testing/console-fixture.js';
import { readDemoCatalogue } from '../../testing/demo-catalogue.js';
import { describeEachDialect } from '../../testing/dialects.js';
import { startTestGateway } from '../../testing/start-test-gateway.js';

describeEachDialect('console api-keys', (ctx) => {
  let app: FastifyInstance;
  let dev: TestPerson;
  let orgId: string;
  let projectId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    const { org, project } = await createTestOrg(db());
    orgId = org.id;
    projectId = project.id;
    dev = await createTestPerson(db(), 'dev');
    await addTestMember(db(), orgId, dev.user.id, 'developer');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should return the secret once and store only its hash', async () => {
    const res = await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: dev.auth, body: { name: 'ci', budget_usd: '12.5', allowed_models: ['openai/gpt-4o-mini'] } });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.secret).toMatch(/^sk-tf-[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({ name: 'ci', prefix: created.secret.slice(0, 12), budget_usd: '12.500000000', allowed_models: ['openai/gpt-4o-mini'], disabled: false });
    expect(created.abilities).toEqual({ read: true, update: true, delete: true });
    const stored = await db().selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.secret_hash).toBe(hashApiKeySecret(created.secret));
    expect(JSON.stringify(stored)).not.toContain(created.secret);
    const listed = await call(app, 'GET', `/api/projects/${projectId}/api-keys`, { auth: dev.auth });
    expect(listed.body).not.toContain(created.secret);
    expect(listed.json().data.map((k: { id: string }) => k.id)).toContain(created.id);
    const audit = await db().selectFrom('audit_log').selectAll().where('target_id', '=', created.id).execute();
    expect(audit.map((e) => e.action)).toEqual(['api_key.create']);
    expect(audit[0]!.after_json).not.toContain(created.secret);
  });

  it('should bump updated_at on every change and soft-delete into a disabled key', async () => {
    const created = (await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: dev.auth, body: { name: 'temp' } })).json();
    const before = await findApiKeyByHash(db(), hashApiKeySecret(created.secret));
    await new Promise((r) => setTimeout(r, 5));
    const patched = await call(app, 'PATCH', `/api/projects/${projectId}/api-keys/${created.id}`, { auth: dev.auth, body: { name: 'renamed', expires_at: '2099-01-01T00:00:00Z' } });
    expect(patched.json()).toMatchObject({ name: 'renamed', expires_at: '2099-01-01T00:00:00.000Z' });
    const after = await findApiKeyByHash(db(), hashApiKeySecret(created.secret));
    expect(after!.updatedAt).toBeGreaterThan(before!.updatedAt);
    const deleted = await call(app, 'DELETE', `/api/projects/${projectId}/api-keys/${created.id}`, { auth: dev.auth });
    expect(deleted.statusCode).toBe(204);
    const gone = await findApiKeyByHash(db(), hashApiKeySecret(created.secret));
    expect(gone).toMatchObject({ disabled: true });
    expect(gone!.updatedAt).toBeGreaterThanOrEqual(after!.updatedAt);
    expect((await call(app, 'GET', `/api/projects/${projectId}/api-keys/${created.id}`, { auth: dev.auth })).statusCode).toBe(404);
    const actions = await db().selectFrom('audit_log').select('action').where('target_id', '=', created.id).orderBy('created_at').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['api_key.create', 'api_key.update', 'api_key.delete']);
  });

  it('should refuse unknown fields by name and bad values by path', async () => {
    const unknown = await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: dev.auth, body: { name: 'x', scopes: ['all'] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'unknown_field', param: 'scopes' });
    const badMoney = await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: dev.auth, body: { name: 'x', budget_usd: 12.5 } });
    expect(badMoney.json().error).toMatchObject({ code: 'invalid_value', param: 'budget_usd' });
    const missing = await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: dev.auth, body: {} });
    expect(missing.json().error).toMatchObject({ code: 'missing_required_parameter', param: 'name' });
  });

  it('should paginate with cursors and no duplicates', async () => {
    const { project } = await createTestOrg(db());
    for (let i = 0; i < 5; i++) await call(app, 'POST', `/api/projects/${project.id}/api-keys`, { auth: `Bearer ${TEST_ADMIN_TOKEN}`, body: { name: `k${i}` } });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor === null ? '?limit=2' : `?limit=2&cursor=${cursor}`;
      const page = (await call(app, 'GET', `/api/projects/${project.id}/api-keys${query}`, { auth: `Bearer ${TEST_ADMIN_TOKEN}` })).json();
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((k: { name: string }) => k.name));
      cursor = page.next_cursor;
    } while (cursor !== null);
    expect(seen).toEqual(['k4', 'k3', 'k2', 'k1', 'k0']);
    const bad = await call(app, 'GET', `/api/projects/${project.id}/api-keys?cursor=nope`, { auth: `Bearer ${TEST_ADMIN_TOKEN}` });
    expect(bad.json().error).toMatchObject({ code: 'invalid_value', param: 'cursor' });
  });

  it('should stop a disabled key on /v1 within the key refresh period', async () => {
    const gateway = await startTestGateway({ catalogue: readDemoCatalogue(), databaseUrl: ctx.url(), keyRefreshMs: 200 });
    try {
      const client = new OpenAI({ apiKey: gateway.key, baseURL: gateway.baseURL, maxRetries: 0 });
      const ok = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
      expect(ok.choices[0]!.message.content).toBeTruthy();
      const key = await findApiKeyByHash(db(), hashApiKeySecret(gateway.key));
      const res = await call(app, 'PATCH', `/api/projects/${gateway.projectId}/api-keys/${key!.id}`, { auth: `Bearer ${TEST_ADMIN_TOKEN}`, body: { disabled: true } });
      expect(res.json().disabled).toBe(true);
      let status = 200;
      const deadline = Date.now() + 1_500;
      while (Date.now() < deadline) {
        status = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }).then(
          () => 200,
          (error: unknown) => (error instanceof OpenAI.APIError ? (error.status ?? 0) : -1),
        );
        if (status === 401) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(401);
      // Console access tokens are not inference keys: /v1 and GET /v1/key refuse them.
      const { secret } = await insertAccessToken(db(), { userId: dev.user.id, orgId: null, name: 't', expiresAt: null, now: Date.now() });
      const withToken = new OpenAI({ apiKey: secret, baseURL: gateway.baseURL, maxRetries: 0 });
      await expect(withToken.models.list()).rejects.toMatchObject({ status: 401 });
      const self = await fetch(`${gateway.baseURL}/key`, { headers: { authorization: `Bearer ${secret}` } });
      expect(self.status).toBe(401);
    } finally {
      await gateway.close();
    }
  });

  it("should list each key's last use and this month's settled usage, equal to what the SDK was billed", async () => {
    const gateway = await startTestGateway({ catalogue: readDemoCatalogue(), databaseUrl: ctx.url(), serverEnv: { TF_SETTLE_INTERVAL_MS: '50' } });
    try {
      const key = (await findApiKeyByHash(db(), hashApiKeySecret(gateway.key)))!;
      const idle = (await call(app, 'POST', `/api/projects/${gateway.projectId}/api-keys`, { auth: `Bearer ${TEST_ADMIN_TOKEN}`, body: { name: 'idle' } })).json();
      expect(idle).toMatchObject({ last_used_at: null, usage_this_month: { requests: 0, cost_usd: '0.000000000' } });
      const client = new OpenAI({ apiKey: gateway.key, baseURL: gateway.baseURL, maxRetries: 0 });
      const started = Date.now();
      const costs: bigint[] = [];
      for (const content of ['hello', 'tell me more about that']) {
        const res = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content }] });
        costs.push(BigInt((res.usage as unknown as { cost: string }).cost.replace('.', '')));
      }
      const expected = costs.reduce((a, b) => a + b, 0n);
      let listed: { id: string; last_used_at: string | null; usage_this_month: { requests: number; cost_usd: string } }[] = [];
      for (let i = 0; i < 100; i++) {
        listed = (await call(app, 'GET', `/api/projects/${gateway.projectId}/api-keys`, { auth: `Bearer ${TEST_ADMIN_TOKEN}` })).json().data;
        if (listed.find((k) => k.id === key.id)?.usage_this_month.requests === 2) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const used = listed.find((k) => k.id === key.id)!;
      expect(used.usage_this_month.requests).toBe(2);
      expect(BigInt(used.usage_this_month.cost_usd.replace('.', ''))).toBe(expected);
      expect(Date.parse(used.last_used_at!)).toBeGreaterThanOrEqual(started - 1000);
      expect(listed.find((k) => k.id === idle.id)).toMatchObject({ last_used_at: null, usage_this_month: { requests: 0 } });
      const one = (await call(app, 'GET', `/api/projects/${gateway.projectId}/api-keys/${key.id}`, { auth: `Bearer ${TEST_ADMIN_TOKEN}` })).json();
      expect(one).toMatchObject({ last_used_at: used.last_used_at, usage_this_month: used.usage_this_month });
    } finally {
      await gateway.close();
    }
  });
});
