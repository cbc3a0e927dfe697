import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InviteEmail } from '../internal/console-context.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console invites', (ctx) => {
  let app: FastifyInstance;
  let admin: TestPerson;
  let orgId: string;
  const sent: InviteEmail[] = [];
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db(), { publicUrl: 'https://console.example.test', sendInviteEmail: async (m) => void sent.push(m) });
    orgId = (await createTestOrg(db())).org.id;
    admin = await createTestPerson(db(), 'admin');
    await addTestMember(db(), orgId, admin.user.id, 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should invite by email, show the link once, and let the person join with a password', async () => {
    const res = await call(app, 'POST', `/api/orgs/${orgId}/invites`, { auth: admin.auth, body: { email: 'Grace@Example.test', role: 'developer' } });
    expect(res.statusCode).toBe(201);
    const invite = res.json();
    expect(invite).toMatchObject({ email: 'grace@example.test', role: 'developer', status: 'pending', emailed: true });
    expect(invite.url).toMatch(/^https:\/\/console\.example\.test\/console\/invite#tf_inv_\w+$/);
    expect(sent.at(-1)?.url).toBe(invite.url);
    const listed = await call(app, 'GET', `/api/orgs/${orgId}/invites`, { auth: admin.auth });
    expect(listed.body).not.toContain(invite.url.split('#')[1]);
    const token = invite.url.split('#')[1] as string;
    const noPassword = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token } });
    expect(noPassword.json().error.code).toBe('missing_required_parameter');
    const accepted = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token, name: 'Grace', password: 'a long password' } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().organizations).toEqual([expect.objectContaining({ id: orgId, role: 'developer' })]);
    expect(String(accepted.headers['set-cookie'])).toMatch(/^tf_session=/);
    const again = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token, name: 'Grace', password: 'a long password' } });
    expect(again.statusCode).toBe(404);
    const signIn = await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: 'grace@example.test', password: 'a long password' } });
    expect(signIn.statusCode).toBe(200);
  });

  it('should let only an owner invite an owner, and refuse revoked invites', async () => {
    const owner = await call(app, 'POST', `/api/orgs/${orgId}/invites`, { auth: admin.auth, body: { email: 'boss@example.test', role: 'owner' } });
    expect(owner.statusCode).toBe(403);
    const invite = (await call(app, 'POST', `/api/orgs/${orgId}/invites`, { auth: admin.auth, body: { email: 'late@example.test', role: 'viewer' } })).json();
    expect((await call(app, 'DELETE', `/api/orgs/${orgId}/invites/${invite.id}`, { auth: admin.auth })).statusCode).toBe(204);
    const accept = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token: invite.url.split('#')[1], name: 'L', password: 'a long password' } });
    expect(accept.statusCode).toBe(404);
  });

  it('should notify an existing person and let them join without a new password', async () => {
    const existing = await createTestPerson(db(), 'existing');
    const invite = (await call(app, 'POST', `/api/orgs/${orgId}/invites`, { auth: admin.auth, body: { email: existing.user.email, role: 'viewer' } })).json();
    const notes = (await call(app, 'GET', '/api/me/notifications', { auth: existing.auth })).json();
    expect(notes.data[0]).toMatchObject({ kind: 'org.invited', org_id: orgId, read_at: null });
    const accepted = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token: invite.url.split('#')[1] } });
    expect(accepted.json().user.id).toBe(existing.user.id);
  });
});
