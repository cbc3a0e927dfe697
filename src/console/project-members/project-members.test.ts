import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console project-members', (ctx) => {
  let app: FastifyInstance;
  let projectAdmin: TestPerson;
  let orgId: string;
  let projectId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    const created = await createTestOrg(db(), { projectAccess: 'restricted' });
    orgId = created.org.id;
    projectId = created.project.id;
    projectAdmin = await createTestPerson(db(), 'padmin');
    await addTestMember(db(), orgId, projectAdmin.user.id, 'viewer', { id: projectId, role: 'admin' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('should let a project admin add, change and remove members, whose role then adds inside the project', async () => {
    const viewer = await createTestPerson(db(), 'viewer');
    await addTestMember(db(), orgId, viewer.user.id, 'viewer');
    expect((await call(app, 'GET', `/api/projects/${projectId}`, { auth: viewer.auth })).statusCode).toBe(404);
    const added = await call(app, 'POST', `/api/projects/${projectId}/members`, { auth: projectAdmin.auth, body: { user_id: viewer.user.id, role: 'viewer' } });
    expect(added.statusCode).toBe(201);
    const project = (await call(app, 'GET', `/api/projects/${projectId}`, { auth: viewer.auth })).json();
    expect(project).toMatchObject({ role: 'viewer', abilities: { read: true, manage_keys: false } });
    await call(app, 'PATCH', `/api/projects/${projectId}/members/${viewer.user.id}`, { auth: projectAdmin.auth, body: { role: 'developer' } });
    const key = await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: viewer.auth, body: { name: 'mine' } });
    expect(key.statusCode).toBe(201);
    expect((await call(app, 'DELETE', `/api/projects/${projectId}/members/${viewer.user.id}`, { auth: projectAdmin.auth })).statusCode).toBe(204);
    expect((await call(app, 'GET', `/api/projects/${projectId}`, { auth: viewer.auth })).statusCode).toBe(404);
  });

  it('should refuse people outside the organization and duplicates', async () => {
    const stranger = await createTestPerson(db(), 'stranger');
    const res = await call(app, 'POST', `/api/projects/${projectId}/members`, { auth: projectAdmin.auth, body: { user_id: stranger.user.id, role: 'viewer' } });
    expect(res.json().error).toMatchObject({ code: 'invalid_value', param: 'user_id' });
    const dup = await call(app, 'POST', `/api/projects/${projectId}/members`, { auth: projectAdmin.auth, body: { user_id: projectAdmin.user.id, role: 'viewer' } });
    expect(dup.statusCode).toBe(409);
    const badRole = await call(app, 'POST', `/api/projects/${projectId}/members`, { auth: projectAdmin.auth, body: { user_id: projectAdmin.user.id, role: 'owner' } });
    expect(badRole.json().error).toMatchObject({ code: 'invalid_value', param: 'role' });
  });
});
