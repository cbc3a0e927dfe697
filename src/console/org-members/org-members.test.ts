import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console org-members', (ctx) => {
  let app: FastifyInstance;
  let owner: TestPerson;
  let admin: TestPerson;
  let orgId: string;
  let projectId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    const created = await createTestOrg(db());
    orgId = created.org.id;
    projectId = created.project.id;
    owner = await createTestPerson(db(), 'owner');
    admin = await createTestPerson(db(), 'admin');
    await addTestMember(db(), orgId, owner.user.id, 'owner');
    await addTestMember(db(), orgId, admin.user.id, 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should keep at least one owner', async () => {
    const res = await call(app, 'PATCH', `/api/orgs/${orgId}/members/${owner.user.id}`, { auth: owner.auth, body: { role: 'admin' } });
    expect(res.statusCode).toBe(409);
    expect((await call(app, 'DELETE', `/api/orgs/${orgId}/members/${owner.user.id}`, { auth: owner.auth })).statusCode).toBe(409);
  });

  it('should let only an owner grant or take the owner role', async () => {
    expect((await call(app, 'PATCH', `/api/orgs/${orgId}/members/${admin.user.id}`, { auth: admin.auth, body: { role: 'owner' } })).statusCode).toBe(403);
    expect((await call(app, 'PATCH', `/api/orgs/${orgId}/members/${owner.user.id}`, { auth: admin.auth, body: { role: 'viewer' } })).statusCode).toBe(403);
    const list = (await call(app, 'GET', `/api/orgs/${orgId}/members`, { auth: admin.auth })).json();
    const ownerRow = list.data.find((m: { user_id: string }) => m.user_id === owner.user.id);
    expect(ownerRow.abilities).toEqual({ update: false, remove: false });
    const promoted = await call(app, 'PATCH', `/api/orgs/${orgId}/members/${admin.user.id}`, { auth: owner.auth, body: { role: 'owner' } });
    expect(promoted.json()).toMatchObject({ user_id: admin.user.id, role: 'owner' });
    const note = (await call(app, 'GET', '/api/me/notifications?unread=true', { auth: admin.auth })).json();
    expect(note.data[0]).toMatchObject({ kind: 'org.role_changed' });
    expect((await call(app, 'PATCH', `/api/orgs/${orgId}/members/${admin.user.id}`, { auth: owner.auth, body: { role: 'admin' } })).statusCode).toBe(200);
  });

  it('should remove a member from the organization and its projects', async () => {
    const dev = await createTestPerson(db(), 'dev');
    await addTestMember(db(), orgId, dev.user.id, 'developer', { id: projectId, role: 'admin' });
    expect((await call(app, 'DELETE', `/api/orgs/${orgId}/members/${dev.user.id}`, { auth: admin.auth })).statusCode).toBe(204);
    expect((await call(app, 'GET', `/api/orgs/${orgId}`, { auth: dev.auth })).statusCode).toBe(404);
    const left = await db().selectFrom('project_memberships').select('id').where('user_id', '=', dev.user.id).execute();
    expect(left).toEqual([]);
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'org_member.remove').where('target_id', '=', dev.user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toMatchObject({ role: 'developer' });
  });
});
