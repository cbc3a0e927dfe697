import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console projects', (ctx) => {
  let app: FastifyInstance;
  let admin: TestPerson;
  let orgId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    orgId = (await createTestOrg(db())).org.id;
    admin = await createTestPerson(db(), 'admin');
    await addTestMember(db(), orgId, admin.user.id, 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should create and rename a project, auditing both', async () => {
    const created = await call(app, 'POST', `/api/orgs/${orgId}/projects`, { auth: admin.auth, body: { name: 'Search' } });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({ org_id: orgId, name: 'Search', role: null, abilities: { update: true, manage_keys: true } });
    const renamed = await call(app, 'PATCH', `/api/projects/${project.id}`, { auth: admin.auth, body: { name: 'Search v2' } });
    expect(renamed.json().name).toBe('Search v2');
    const audit = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log?target_id=${project.id}`, { auth: admin.auth })).json();
    expect(audit.data.map((e: { action: string }) => e.action)).toEqual(['project.rename', 'project.create']);
    expect(audit.data[0]).toMatchObject({ before: { name: 'Search' }, after: { name: 'Search v2' }, actor: { kind: 'user', user_id: admin.user.id } });
  });

  it('should refuse an empty name and unknown query parameters', async () => {
    const res = await call(app, 'POST', `/api/orgs/${orgId}/projects`, { auth: admin.auth, body: { name: '  ' } });
    expect(res.json().error).toMatchObject({ code: 'invalid_value', param: 'name' });
    const query = await call(app, 'GET', `/api/orgs/${orgId}/projects?sort=name`, { auth: admin.auth });
    expect(query.json().error).toMatchObject({ code: 'unknown_field', param: 'query.sort' });
    const limit = await call(app, 'GET', `/api/orgs/${orgId}/projects?limit=1000`, { auth: admin.auth });
    expect(limit.json().error).toMatchObject({ code: 'invalid_value', param: 'query.limit' });
  });
});
