import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console audit-log', (ctx) => {
  let app: FastifyInstance;
  let owner: TestPerson;
  let auditor: TestPerson;
  let orgId: string;
  let projectId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    const created = await createTestOrg(db());
    orgId = created.org.id;
    projectId = created.project.id;
    owner = await createTestPerson(db(), 'owner');
    auditor = await createTestPerson(db(), 'auditor');
    await addTestMember(db(), orgId, owner.user.id, 'owner');
    await addTestMember(db(), orgId, auditor.user.id, 'auditor');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should record who, what, before/after and from where, readable by auditors page by page', async () => {
    for (let i = 0; i < 3; i++) {
      await app.inject({ method: 'PATCH', url: `/api/projects/${projectId}/limits`, headers: { authorization: owner.auth, 'user-agent': 'audit-test/1.0' }, payload: { rpm: i + 1 } });
    }
    const first = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log?limit=2&action=project_limits.update`, { auth: auditor.auth })).json();
    expect(first.data).toHaveLength(2);
    expect(first.data[0]).toMatchObject({
      actor: { kind: 'user', user_id: owner.user.id }, action: 'project_limits.update', target: { type: 'project_limits', id: projectId },
      before: { rpm: 2 }, after: { rpm: 3 }, ip: '127.0.0.1', user_agent: 'audit-test/1.0',
    });
    const second = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log?limit=2&action=project_limits.update&cursor=${first.next_cursor}`, { auth: auditor.auth })).json();
    expect(second.data.map((e: { after: { rpm: number } }) => e.after.rpm)).toEqual([1]);
    expect(second.next_cursor).toBeNull();
  });

  it('should filter by actor, target type and time range, and name the actor', async () => {
    const admin = await createTestPerson(db(), 'admin');
    await addTestMember(db(), orgId, admin.user.id, 'admin');
    const before = new Date(Date.now() - 1).toISOString();
    expect((await call(app, 'PATCH', `/api/projects/${projectId}/limits`, { auth: admin.auth, body: { tpm: 5000 } })).statusCode).toBe(200);
    expect((await call(app, 'PUT', `/api/orgs/${orgId}/project-access`, { auth: admin.auth, body: { mode: 'restricted' } })).statusCode).toBe(200);
    const after = new Date(Date.now() + 1).toISOString();
    const byAdmin = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log?actor_id=${admin.user.id}`, { auth: auditor.auth })).json();
    expect(byAdmin.data.map((e: { action: string }) => e.action)).toEqual(['organization.project_access', 'project_limits.update']);
    expect(byAdmin.data[0].actor).toEqual({ kind: 'user', user_id: admin.user.id, name: admin.user.name, email: admin.user.email });
    const limitsOnly = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log?target_type=project_limits&actor_id=${admin.user.id}`, { auth: auditor.auth })).json();
    expect(limitsOnly.data).toHaveLength(1);
    expect(limitsOnly.data[0].after).toMatchObject({ tpm: 5000 });
    const inRange = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log?since=${encodeURIComponent(before)}&until=${encodeURIComponent(after)}`, { auth: auditor.auth })).json();
    expect(inRange.data).toHaveLength(2);
    const later = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log?since=${encodeURIComponent(after)}`, { auth: auditor.auth })).json();
    expect(later.data).toEqual([]);
    const bad = await call(app, 'GET', `/api/orgs/${orgId}/audit-log?since=yesterday`, { auth: auditor.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.param).toBe('query.since');
    const badActor = await call(app, 'GET', `/api/orgs/${orgId}/audit-log?actor_id=bob`, { auth: auditor.auth });
    expect(badActor.statusCode).toBe(400);
    expect(badActor.json().error.param).toBe('query.actor_id');
  });

  it('should read one entry by id for those who read the log, and not across organizations', async () => {
    // An organization of its own, so the other tests' limits stay as they left them.
    const { org, project } = await createTestOrg(db());
    const orgId = org.id;
    await addTestMember(db(), orgId, owner.user.id, 'owner');
    await addTestMember(db(), orgId, auditor.user.id, 'auditor');
    await call(app, 'PATCH', `/api/projects/${project.id}/limits`, { auth: owner.auth, body: { rpm: 42 } });
    const [listed] = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log?limit=1`, { auth: auditor.auth })).json().data;
    const one = await call(app, 'GET', `/api/orgs/${orgId}/audit-log/${listed.id}`, { auth: auditor.auth });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(listed);
    expect(one.json()).toMatchObject({ action: 'project_limits.update', after: { rpm: 42 }, actor: { user_id: owner.user.id, name: owner.user.name } });
    const viewer = await createTestPerson(db(), 'viewer');
    await addTestMember(db(), orgId, viewer.user.id, 'viewer');
    expect((await call(app, 'GET', `/api/orgs/${orgId}/audit-log/${listed.id}`, { auth: viewer.auth })).statusCode).toBe(403);
    const other = await createTestOrg(db());
    await addTestMember(db(), other.org.id, auditor.user.id, 'auditor');
    const elsewhere = await call(app, 'GET', `/api/orgs/${other.org.id}/audit-log/${listed.id}`, { auth: auditor.auth });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.message).toBe(`No audit entry '${listed.id}' in this organization.`);
    expect((await call(app, 'GET', `/api/orgs/${orgId}/audit-log/nope`, { auth: auditor.auth })).json().error).toMatchObject({ code: 'invalid_value', param: 'path.entryId' });
  });

  it('should not write the change when the audit entry cannot be written (same transaction)', async () => {
    // Make the audit insert fail by moving its table away for one request; the change must not land.
    await db().schema.alterTable('audit_log').renameTo('audit_log_away').execute();
    try {
      const res = await call(app, 'PATCH', `/api/projects/${projectId}/limits`, { auth: owner.auth, body: { rpm: 999 } });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().schema.alterTable('audit_log_away').renameTo('audit_log').execute();
    }
    const limits = (await call(app, 'GET', `/api/projects/${projectId}/limits`, { auth: owner.auth })).json();
    expect(limits.rpm).toBe(3);
  });
});
