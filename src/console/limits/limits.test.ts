import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getProjectLimits } from '../../limits/limit-settings-repository.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console limits', (ctx) => {
  let app: FastifyInstance;
  let admin: TestPerson;
  let billing: TestPerson;
  let projectId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    const created = await createTestOrg(db());
    projectId = created.project.id;
    admin = await createTestPerson(db(), 'admin');
    billing = await createTestPerson(db(), 'billing');
    await addTestMember(db(), created.org.id, admin.user.id, 'admin');
    await addTestMember(db(), created.org.id, billing.user.id, 'billing_admin');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should store rpm, tpm and an exact budget, with null for none', async () => {
    expect((await call(app, 'GET', `/api/projects/${projectId}/limits`, { auth: admin.auth })).json()).toMatchObject({ rpm: null, tpm: null, budget_usd: null });
    const limits = await call(app, 'PATCH', `/api/projects/${projectId}/limits`, { auth: admin.auth, body: { rpm: 600, tpm: 100000 } });
    expect(limits.json()).toMatchObject({ rpm: 600, tpm: 100000 });
    const budget = await call(app, 'PUT', `/api/projects/${projectId}/budget`, { auth: billing.auth, body: { budget_usd: '1234.000000001' } });
    expect(budget.json()).toMatchObject({ rpm: 600, budget_usd: '1234.000000001', abilities: { manage_limits: false, manage_budget: true } });
    expect((await getProjectLimits(db(), projectId)).budgetNano).toBe(1_234_000_000_001n);
    const cleared = await call(app, 'PATCH', `/api/projects/${projectId}/limits`, { auth: admin.auth, body: { rpm: null } });
    expect(cleared.json()).toMatchObject({ rpm: null, tpm: 100000, budget_usd: '1234.000000001' });
    expect((await call(app, 'PATCH', `/api/projects/${projectId}/limits`, { auth: billing.auth, body: { rpm: 1 } })).statusCode).toBe(403);
    const negative = await call(app, 'PATCH', `/api/projects/${projectId}/limits`, { auth: admin.auth, body: { tpm: -1 } });
    expect(negative.json().error).toMatchObject({ code: 'invalid_value', param: 'tpm' });
    const actions = await db().selectFrom('audit_log').select('action').where('target_id', '=', projectId).execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['project_budget.update', 'project_limits.update', 'project_limits.update']);
  });
});
