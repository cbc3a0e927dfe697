import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequestId } from '../../core/ids.js';
import { addTestMember, buildConsoleApp, call, createTestKey, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

const NOW = Date.UTC(2026, 10, 20, 12);
const SUNSET = Date.UTC(2027, 5, 30);

describeEachDialect('console overview', (ctx) => {
  let app: FastifyInstance;
  let owner: TestPerson;
  let developer: TestPerson;
  let orgId: string;
  const db = () => ctx.store().db;

  async function logRequest(projectId: string, keyId: string, model: string | null, status: number, createdAt: number): Promise<void> {
    await db().insertInto('request_log').values({
      id: createRequestId(), org_id: orgId, project_id: projectId, key_id: keyId, endpoint: 'chat.completions', model_requested: model, model_resolved: model, provider_id: 'sim',
      stream: 0, status, error_code: status >= 400 ? 'x' : null, latency_ms: 5, ttft_ms: 2, input_tokens: 1, output_tokens: 1, cached_tokens: 0, reasoning_tokens: 0, usage_source: 'reported', cost_nano: 10n, created_at: createdAt,
    }).execute();
  }

  beforeAll(async () => {
    app = await buildConsoleApp(db(), {
      now: () => NOW,
      modelLifecycle: (id) => (id === 'openai/gpt-3.5-turbo' ? { announcedAt: Date.UTC(2026, 0, 1), sunsetAt: SUNSET, noticeUrl: 'https://example.test/deprecations', replacement: 'openai/gpt-4o-mini' } : null),
    });
    const { org, project } = await createTestOrg(db());
    orgId = org.id;
    const { key } = await createTestKey(db(), org.id, project.id);
    owner = await createTestPerson(db(), 'owner');
    developer = await createTestPerson(db(), 'developer');
    await addTestMember(db(), orgId, owner.user.id, 'owner');
    await addTestMember(db(), orgId, developer.user.id, 'developer');
    const inMonth = Date.UTC(2026, 10, 3);
    await logRequest(project.id, key.id, 'openai/gpt-4o-mini', 200, inMonth);
    await logRequest(project.id, key.id, 'openai/gpt-4o-mini', 429, inMonth);
    await logRequest(project.id, key.id, null, 400, inMonth);
    await logRequest(project.id, key.id, 'openai/gpt-3.5-turbo@0125', 200, inMonth);
    await logRequest(project.id, key.id, 'openai/gpt-3.5-turbo', 500, inMonth + 1);
    // Last month: not counted.
    await logRequest(project.id, key.id, 'openai/gpt-3.5-turbo', 500, Date.UTC(2026, 9, 31, 23, 59));
  });
  afterAll(async () => {
    await app.close();
  });

  it("should count this month's requests and failures and list deprecated models still in use", async () => {
    const res = await call(app, 'GET', `/api/orgs/${orgId}/overview`, { auth: owner.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-20T12:00:00.000Z',
      requests: 5,
      failed_requests: 3,
      deprecated_models: [{ model: 'openai/gpt-3.5-turbo', requests: 2, sunset_at: '2027-06-30T00:00:00.000Z', replacement: 'openai/gpt-4o-mini', notice_url: 'https://example.test/deprecations' }],
    });
  });

  it('should refuse people without org.usage.read, and ask for credentials', async () => {
    const res = await call(app, 'GET', `/api/orgs/${orgId}/overview`, { auth: developer.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    expect((await call(app, 'GET', `/api/orgs/${orgId}/overview`)).statusCode).toBe(401);
    expect((await call(app, 'GET', `/api/orgs/${orgId}/overview?month=2026-10`, { auth: owner.auth })).json().error.code).toBe('unknown_field');
  });
});
