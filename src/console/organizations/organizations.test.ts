import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addTestMember, buildConsoleApp, call, createTestKey, createTestOrg, createTestPerson, TEST_ADMIN_TOKEN, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console organizations', (ctx) => {
  let app: FastifyInstance;
  let owner: TestPerson;
  let viewer: TestPerson;
  let orgId: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db(), { modelIds: () => new Set(['openai/gpt-4o-mini', 'openai/gpt-4o']) });
    orgId = (await createTestOrg(db(), { personal: true })).org.id;
    owner = await createTestPerson(db(), 'owner');
    viewer = await createTestPerson(db(), 'viewer');
    await addTestMember(db(), orgId, owner.user.id, 'owner');
    await addTestMember(db(), orgId, viewer.user.id, 'viewer');
  });
  afterAll(async () => {
    await app.close();
  });

  it("should carry the caller's abilities", async () => {
    const mine = (await call(app, 'GET', `/api/orgs/${orgId}`, { auth: owner.auth })).json();
    const theirs = (await call(app, 'GET', `/api/orgs/${orgId}`, { auth: viewer.auth })).json();
    expect(mine.abilities).toMatchObject({ update: true, convert: true, manage_owners: true });
    expect(theirs.abilities).toMatchObject({ read: true, update: false, convert: false, read_audit_log: false });
    expect(theirs.role).toBe('viewer');
  });

  it('should report the same abilities per organization and project in GET /me, for the console navigation', async () => {
    const mine = (await call(app, 'GET', '/api/me', { auth: owner.auth })).json();
    const theirs = (await call(app, 'GET', '/api/me', { auth: viewer.auth })).json();
    const org = (me: { organizations: { id: string; abilities: Record<string, boolean> }[] }) => me.organizations.find((o) => o.id === orgId)!;
    expect(org(mine).abilities).toEqual((await call(app, 'GET', `/api/orgs/${orgId}`, { auth: owner.auth })).json().abilities);
    expect(org(mine).abilities).toMatchObject({ read_billing: true, manage_webhooks: true, read_audit_log: true, read_usage: true });
    expect(org(theirs).abilities).toMatchObject({ read: true, read_billing: false, manage_webhooks: false, read_audit_log: false, read_usage: false });
    const project = theirs.projects.find((p: { org_id: string }) => p.org_id === orgId);
    expect(project.abilities).toMatchObject({ read: true, read_requests: true, read_usage: true, manage_keys: false });
    expect(project.abilities).toEqual((await call(app, 'GET', `/api/projects/${project.id}`, { auth: viewer.auth })).json().abilities);
  });

  it('should convert a personal organization once, with a unique URL', async () => {
    const res = await call(app, 'POST', `/api/orgs/${orgId}/convert`, { auth: owner.auth, body: { name: 'Acme Inc', slug: 'acme' } });
    expect(res.json()).toMatchObject({ name: 'Acme Inc', slug: 'acme', personal: false });
    const again = await call(app, 'POST', `/api/orgs/${orgId}/convert`, { auth: owner.auth, body: { name: 'Acme Inc', slug: 'acme2' } });
    expect(again.statusCode).toBe(409);
    const other = (await createTestOrg(db(), { personal: true })).org.id;
    await addTestMember(db(), other, owner.user.id, 'owner');
    const taken = await call(app, 'POST', `/api/orgs/${other}/convert`, { auth: owner.auth, body: { name: 'Copy', slug: 'acme' } });
    expect(taken.json().error).toMatchObject({ code: 'conflict', param: 'slug' });
    const badSlug = await call(app, 'POST', `/api/orgs/${other}/convert`, { auth: owner.auth, body: { name: 'Copy', slug: 'Not A Slug' } });
    expect(badSlug.json().error).toMatchObject({ code: 'invalid_value', param: 'slug' });
  });

  it('should set allowed models (validated against the catalogue; empty allows all) with an audit entry', async () => {
    const unknown = await call(app, 'PUT', `/api/orgs/${orgId}/allowed-models`, { auth: owner.auth, body: { models: ['openai/gpt-4o', 'nope/model'] } });
    expect(unknown.json().error).toMatchObject({ code: 'invalid_value', param: 'models[1]' });
    const res = await call(app, 'PUT', `/api/orgs/${orgId}/allowed-models`, { auth: owner.auth, body: { models: ['openai/gpt-4o'] } });
    expect(res.json().allowed_models).toEqual(['openai/gpt-4o']);
    const entry = await db().selectFrom('audit_log').selectAll().where('org_id', '=', orgId).where('action', '=', 'organization.allowed_models').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before_json!).allowed_models).toEqual([]);
    expect(JSON.parse(entry.after_json!).allowed_models).toEqual(['openai/gpt-4o']);
    expect(entry.actor_id).toBe(owner.user.id);
  });

  it('should hide unreached projects from developers and viewers in restricted mode only', async () => {
    const { org, project } = await createTestOrg(db());
    const dev = await createTestPerson(db(), 'dev');
    const auditor = await createTestPerson(db(), 'auditor');
    await addTestMember(db(), org.id, owner.user.id, 'owner');
    await addTestMember(db(), org.id, dev.user.id, 'developer');
    await addTestMember(db(), org.id, auditor.user.id, 'auditor');
    const second = (await call(app, 'POST', `/api/orgs/${org.id}/projects`, { auth: owner.auth, body: { name: 'Second' } })).json();
    await call(app, 'POST', `/api/projects/${second.id}/members`, { auth: owner.auth, body: { user_id: dev.user.id, role: 'developer' } });
    const names = async (who: TestPerson) => (await call(app, 'GET', `/api/orgs/${org.id}/projects`, { auth: who.auth })).json().data.map((p: { name: string }) => p.name);
    expect(await names(dev)).toEqual(['Test project', 'Second']);
    const mode = await call(app, 'PUT', `/api/orgs/${org.id}/project-access`, { auth: owner.auth, body: { mode: 'restricted' } });
    expect(mode.json().project_access).toBe('restricted');
    expect(await names(dev)).toEqual(['Second']);
    expect(await names(auditor)).toEqual(['Test project', 'Second']);
    expect((await call(app, 'GET', `/api/projects/${project.id}/api-keys`, { auth: dev.auth })).statusCode).toBe(404);
    const me = (await call(app, 'GET', '/api/me', { auth: dev.auth })).json();
    expect(me.projects).toEqual([{ id: second.id, org_id: org.id, name: 'Second', role: 'developer', abilities: expect.objectContaining({ manage_keys: true, update: false }) }]);
  });

  it('should create a company organization owned by the caller', async () => {
    const res = await call(app, 'POST', '/api/orgs', { auth: viewer.auth, body: { name: 'Side project', slug: 'side' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Side project', slug: 'side', personal: false, role: 'owner' });
    const list = (await call(app, 'GET', '/api/orgs', { auth: viewer.auth })).json();
    expect(list.data.map((o: { name: string }) => o.name)).toContain('Side project');
    expect((await call(app, 'POST', '/api/orgs', { auth: viewer.auth, body: { name: 'Again', slug: 'side' } })).statusCode).toBe(409);
  });

  it('should delete (close) an organization: keys disabled, 404 afterwards, data kept', async () => {
    const { org, project } = await createTestOrg(db());
    await addTestMember(db(), org.id, owner.user.id, 'owner');
    const { key } = await createTestKey(db(), org.id, project.id);
    expect((await call(app, 'DELETE', `/api/orgs/${org.id}`, { auth: owner.auth })).statusCode).toBe(204);
    expect((await call(app, 'GET', `/api/orgs/${org.id}`, { auth: owner.auth })).statusCode).toBe(404);
    expect((await call(app, 'GET', `/api/projects/${project.id}/api-keys`, { auth: owner.auth })).statusCode).toBe(404);
    const stored = await db().selectFrom('api_keys').select('disabled').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(Number(stored.disabled)).toBe(1);
    expect((await call(app, 'GET', `/api/orgs/${org.id}`, { auth: `Bearer ${TEST_ADMIN_TOKEN}` })).statusCode).toBe(200);
  });
});
