import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../auth/password.js';
import type { InviteEmail } from '../internal/console-context.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

const PASSWORD = 'a long password';

/** The session secret a response set, or null. */
function sessionFrom(res: LightMyRequestResponse): string | null {
  const match = /tf_session=([^;]*)/.exec(String(res.headers['set-cookie'] ?? ''));
  return match === null || match[1] === '' ? null : match[1]!;
}

function tokenOf(url: string): string {
  return url.split('#')[1]!;
}

describeEachDialect('console invites', (ctx) => {
  let app: FastifyInstance;
  let mailingApp: FastifyInstance;
  let admin: TestPerson;
  let orgId: string;
  const sent: InviteEmail[] = [];
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db(), { publicUrl: 'https://console.example.test' });
    mailingApp = await buildConsoleApp(db(), { publicUrl: 'https://console.example.test', sendInviteEmail: async (m) => void sent.push(m) });
    orgId = (await createTestOrg(db())).org.id;
    admin = await createTestPerson(db(), 'admin');
    await addTestMember(db(), orgId, admin.user.id, 'admin');
  });
  afterAll(async () => {
    await app.close();
    await mailingApp.close();
  });

  async function invite(email: string, role = 'viewer', via = app): Promise<{ id: string; url: string | null; emailed: boolean }> {
    const res = await call(via, 'POST', `/api/orgs/${orgId}/invites`, { auth: admin.auth, body: { email, role } });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  async function signIn(email: string): Promise<string> {
    const res = await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email, password: PASSWORD } });
    expect(res.statusCode).toBe(200);
    return sessionFrom(res)!;
  }

  async function personWithPassword(label: string): Promise<TestPerson> {
    return createTestPerson(db(), label, await hashPassword(PASSWORD));
  }

  describe('the token alone is never a credential for an existing account', () => {
    it('should not sign an attacker in as the invited existing user (the reported attack)', async () => {
      // The victim: an owner of their own organization, created by the operator.
      const victim = await personWithPassword('ceo');
      const victimOrg = (await createTestOrg(db())).org.id;
      await addTestMember(db(), victimOrg, victim.user.id, 'owner');
      // The attacker signs up (owning a personal organization) and invites the victim's email to it.
      const signUp = await call(app, 'POST', '/api/sign-up', { csrf: true, body: { email: `attacker-${Date.now()}@evil.test`, password: PASSWORD, name: 'Mallory' } });
      const attackerSession = sessionFrom(signUp)!;
      const attackerOrg = signUp.json().organizations[0].id as string;
      const created = await call(app, 'POST', `/api/orgs/${attackerOrg}/invites`, { cookie: attackerSession, body: { email: victim.user.email, role: 'viewer' } });
      expect(created.statusCode).toBe(201);
      const token = tokenOf(created.json().url);

      // Without a cookie: refused, and no session is set.
      const accept = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token } });
      expect(accept.statusCode).toBe(401);
      expect(accept.json().error.code).toBe('unauthenticated');
      expect(sessionFrom(accept)).toBeNull();
      // With a guessed password: refused, no session.
      const guess = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token, password: 'not the password' } });
      expect(guess.statusCode).toBe(401);
      expect(sessionFrom(guess)).toBeNull();
      // With a name and a new password (the new-account path): still refused, and the victim's password is unchanged.
      const takeover = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token, name: 'x', password: 'attacker chosen password' } });
      expect(takeover.statusCode).toBe(401);
      expect(sessionFrom(takeover)).toBeNull();
      expect((await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: victim.user.email, password: 'attacker chosen password' } })).statusCode).toBe(401);
      // Signed in as the attacker: refused, the invite is for someone else.
      const asAttacker = await call(app, 'POST', '/api/invites/accept', { cookie: attackerSession, body: { token } });
      expect(asAttacker.statusCode).toBe(403);
      expect(asAttacker.json().error.message).toContain(victim.user.email);
      // The victim's organization stays closed to the attacker.
      expect((await call(app, 'GET', `/api/orgs/${victimOrg}/billing/balance`, { cookie: attackerSession })).statusCode).toBe(404);
      // The victim, signed in, can still accept.
      const asVictim = await call(app, 'POST', '/api/invites/accept', { cookie: await signIn(victim.user.email), body: { token } });
      expect(asVictim.statusCode).toBe(200);
      expect(asVictim.json().user.id).toBe(victim.user.id);
    });

    it('should refuse an access token or the operator token as proof of identity', async () => {
      const person = await personWithPassword('token-holder');
      const { url } = await invite(person.user.email);
      expect((await call(app, 'POST', '/api/invites/accept', { auth: person.auth, body: { token: tokenOf(url!) } })).statusCode).toBe(403);
      expect((await call(app, 'POST', '/api/invites/accept', { auth: 'Bearer test-operator-token-0123456789', body: { token: tokenOf(url!) } })).statusCode).toBe(403);
    });
  });

  it('should let an existing person who is signed in join, without a new session', async () => {
    const person = await personWithPassword('existing');
    const { url } = await invite(person.user.email, 'developer');
    const notes = (await call(app, 'GET', '/api/me/notifications', { auth: person.auth })).json();
    expect(notes.data[0]).toMatchObject({ kind: 'org.invited', org_id: orgId, read_at: null });
    const accepted = await call(app, 'POST', '/api/invites/accept', { cookie: await signIn(person.user.email), body: { token: tokenOf(url!) } });
    expect(accepted.statusCode).toBe(200);
    expect(sessionFrom(accepted)).toBeNull();
    expect(accepted.json().user.id).toBe(person.user.id);
    expect(accepted.json().organizations).toContainEqual(expect.objectContaining({ id: orgId, role: 'developer' }));
  });

  it("should let an existing person join with their account's password, then sign them in", async () => {
    const person = await personWithPassword('by-password');
    const { url } = await invite(person.user.email);
    const lookup = await call(app, 'POST', '/api/invites/lookup', { csrf: true, body: { token: tokenOf(url!) } });
    expect(lookup.json()).toMatchObject({ org_id: orgId, email: person.user.email, role: 'viewer', account_exists: true });
    const accepted = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token: tokenOf(url!), password: PASSWORD } });
    expect(accepted.statusCode).toBe(200);
    const session = sessionFrom(accepted)!;
    expect((await call(app, 'GET', '/api/me', { cookie: session })).json().user.id).toBe(person.user.id);
  });

  it('should create a new account with the password the person chose, and record who accepted in the audit log', async () => {
    const { url, id } = await invite('Grace@Example.test', 'developer');
    const token = tokenOf(url!);
    expect(url).toMatch(/^https:\/\/console\.example\.test\/console\/invite#tf_inv_\w+$/);
    expect((await call(app, 'POST', '/api/invites/lookup', { csrf: true, body: { token } })).json()).toMatchObject({ email: 'grace@example.test', account_exists: false });
    const listed = await call(app, 'GET', `/api/orgs/${orgId}/invites`, { auth: admin.auth });
    expect(listed.body).not.toContain(token);
    const noPassword = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token } });
    expect(noPassword.json().error).toMatchObject({ code: 'missing_required_parameter', param: 'name' });
    const weak = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token, name: 'Grace', password: 'short' } });
    expect(weak.json().error).toMatchObject({ param: 'password' });
    const accepted = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token, name: 'Grace', password: PASSWORD } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().organizations).toEqual([expect.objectContaining({ id: orgId, role: 'developer' })]);
    expect(sessionFrom(accepted)).not.toBeNull();
    expect((await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: 'grace@example.test', password: PASSWORD } })).statusCode).toBe(200);
    const audit = (await call(app, 'GET', `/api/orgs/${orgId}/audit-log`, { auth: admin.auth })).json();
    const entry = audit.data.find((e: { action: string; target: { id: string } }) => e.action === 'invite.accept' && e.target.id === id);
    const userId = accepted.json().user.id;
    expect(entry).toMatchObject({ actor: { kind: 'user', user_id: userId }, after: { email: 'grace@example.test', via: 'new_account', accepted_by: userId } });
  });

  it('should refuse a reused, revoked or expired token', async () => {
    const used = await invite(`used-${Date.now()}@example.test`);
    expect((await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token: tokenOf(used.url!), name: 'U', password: PASSWORD } })).statusCode).toBe(200);
    const again = await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token: tokenOf(used.url!), name: 'U', password: PASSWORD } });
    expect(again.statusCode).toBe(404);

    const revoked = await invite('late@example.test');
    expect((await call(app, 'DELETE', `/api/orgs/${orgId}/invites/${revoked.id}`, { auth: admin.auth })).statusCode).toBe(204);
    expect((await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token: tokenOf(revoked.url!), name: 'L', password: PASSWORD } })).statusCode).toBe(404);
    expect((await call(app, 'POST', '/api/invites/lookup', { csrf: true, body: { token: tokenOf(revoked.url!) } })).statusCode).toBe(404);

    const expired = await invite('expired@example.test');
    await db().updateTable('invites').set({ expires_at: Date.now() - 1 }).where('id', '=', expired.id).execute();
    expect((await call(app, 'POST', '/api/invites/accept', { csrf: true, body: { token: tokenOf(expired.url!), name: 'E', password: PASSWORD } })).statusCode).toBe(404);
  });

  it('should let only one of two concurrent accepts of the same token through', async () => {
    const { url } = await invite(`race-${Date.now()}@example.test`);
    const body = { token: tokenOf(url!), name: 'R', password: PASSWORD };
    const results = await Promise.all([1, 2, 3].map(() => call(app, 'POST', '/api/invites/accept', { csrf: true, body })));
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    expect(results.every((r) => [200, 404, 409].includes(r.statusCode))).toBe(true);
  });

  it('should let only an owner invite an owner', async () => {
    const owner = await call(app, 'POST', `/api/orgs/${orgId}/invites`, { auth: admin.auth, body: { email: 'boss@example.test', role: 'owner' } });
    expect(owner.statusCode).toBe(403);
  });

  it('should not give the token back to the inviter when email delivery is configured', async () => {
    const created = await invite('mailed@example.test', 'viewer', mailingApp);
    expect(created).toMatchObject({ emailed: true, url: null });
    const mail = sent.at(-1)!;
    expect(mail.email).toBe('mailed@example.test');
    expect(mail.url).toMatch(/^https:\/\/console\.example\.test\/console\/invite#tf_inv_\w+$/);
    const accepted = await call(mailingApp, 'POST', '/api/invites/accept', { csrf: true, body: { token: tokenOf(mail.url), name: 'M', password: PASSWORD } });
    expect(accepted.statusCode).toBe(200);
  });
});
