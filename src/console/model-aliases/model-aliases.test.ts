import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listModelAliases } from '../../catalog/model-access-repository.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console model-aliases', (ctx) => {
  let app: FastifyInstance;
  let admin: TestPerson;
  let orgId: string;
  let projectId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db(), { modelIds: () => new Set(['openai/gpt-4o-mini', 'openai/gpt-4o']) });
    const created = await createTestOrg(db());
    orgId = created.org.id;
    projectId = created.project.id;
    admin = await createTestPerson(db(), 'admin');
    await addTestMember(db(), orgId, admin.user.id, 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should create, retarget and delete organization and project aliases', async () => {
    const org = await call(app, 'POST', `/api/orgs/${orgId}/model-aliases`, { auth: admin.auth, body: { name: 'fast', target: 'openai/gpt-4o-mini' } });
    expect(org.json()).toMatchObject({ name: 'fast', target: 'openai/gpt-4o-mini', project_id: null });
    const project = await call(app, 'POST', `/api/projects/${projectId}/model-aliases`, { auth: admin.auth, body: { name: 'fast', target: 'openai/gpt-4o' } });
    expect(project.json()).toMatchObject({ name: 'fast', project_id: projectId });
    const moved = await call(app, 'PATCH', `/api/orgs/${orgId}/model-aliases/${org.json().id}`, { auth: admin.auth, body: { target: 'openai/gpt-4o' } });
    expect(moved.json().target).toBe('openai/gpt-4o');
    // What the gateway loads sees both at once.
    expect((await listModelAliases(db())).filter((a) => a.orgId === orgId).map((a) => a.target).sort()).toEqual(['openai/gpt-4o', 'openai/gpt-4o']);
    expect((await call(app, 'DELETE', `/api/projects/${projectId}/model-aliases/${project.json().id}`, { auth: admin.auth })).statusCode).toBe(204);
    const list = (await call(app, 'GET', `/api/projects/${projectId}/model-aliases`, { auth: admin.auth })).json();
    expect(list).toEqual({ data: [], next_cursor: null });
  });

  it('should validate names and targets and refuse duplicates', async () => {
    const bad = await call(app, 'POST', `/api/orgs/${orgId}/model-aliases`, { auth: admin.auth, body: { name: ' spaced name', target: 'openai/gpt-4o' } });
    expect(bad.json().error).toMatchObject({ code: 'invalid_value', param: 'name' });
    const shadow = await call(app, 'POST', `/api/orgs/${orgId}/model-aliases`, { auth: admin.auth, body: { name: 'openai/gpt-4o', target: 'openai/gpt-4o-mini' } });
    expect(shadow.json().error).toMatchObject({ code: 'invalid_value', param: 'name' });
    const target = await call(app, 'POST', `/api/orgs/${orgId}/model-aliases`, { auth: admin.auth, body: { name: 'x', target: 'nope/none' } });
    expect(target.json().error).toMatchObject({ code: 'invalid_value', param: 'target' });
    const modifier = await call(app, 'POST', `/api/orgs/${orgId}/model-aliases`, { auth: admin.auth, body: { name: 'x', target: 'openai/gpt-4o@bogus:1' } });
    expect(modifier.json().error).toMatchObject({ code: 'invalid_value', param: 'target' });
    const pinned = await call(app, 'POST', `/api/orgs/${orgId}/model-aliases`, { auth: admin.auth, body: { name: 'pinned', target: 'openai/gpt-4o@2024-08-06' } });
    expect(pinned.statusCode).toBe(201);
    const chained = await call(app, 'POST', `/api/projects/${projectId}/model-aliases`, { auth: admin.auth, body: { name: 'p', target: 'pinned' } });
    expect(chained.statusCode).toBe(201);
    await call(app, 'POST', `/api/orgs/${orgId}/model-aliases`, { auth: admin.auth, body: { name: 'dup', target: 'openai/gpt-4o' } });
    const dup = await call(app, 'POST', `/api/orgs/${orgId}/model-aliases`, { auth: admin.auth, body: { name: 'dup', target: 'openai/gpt-4o' } });
    expect(dup.statusCode).toBe(409);
  });
});
