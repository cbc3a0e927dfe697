import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hashSecret } from '../../auth/random-secret.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, TEST_ADMIN_TOKEN, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

describeEachDialect('console access-tokens', (ctx) => {
  let app: FastifyInstance;
  let person: TestPerson;
  let orgA: string;
  let orgB: string;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    person = await createTestPerson(db(), 'tok');
    orgA = (await createTestOrg(db())).org.id;
    orgB = (await createTestOrg(db())).org.id;
    await addTestMember(db(), orgA, person.user.id, 'admin');
    await addTestMember(db(), orgB, person.user.id, 'admin');
  });
  afterAll(async () => {
    await app.close();
  });

  it('should show the secret once, store its hash, and act as the person', async () => {
    const res = await call(app, 'POST', '/api/me/access-tokens', { auth: person.auth, body: { name: 'ci' } });
    expect(res.statusCode).toBe(201);
    const { secret, id } = res.json();
    expect(secret).toMatch(/^tf_at_[0-9A-Za-z]{40}$/);
    const row = await db().selectFrom('access_tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(hashSecret(secret));
    const list = await call(app, 'GET', '/api/me/access-tokens', { auth: person.auth });
    expect(list.body).not.toContain(secret);
    expect(list.json().data[0]).toMatchObject({ id, name: 'ci', prefix: secret.slice(0, 12), revoked: false });
    const me = await call(app, 'GET', '/api/me', { auth: `Bearer ${secret}` });
    expect(me.json()).toMatchObject({ user: { id: person.user.id }, auth: { kind: 'access_token', organization_id: null } });
  });

  it('should stop a revoked token at once', async () => {
    const { secret, id } = (await call(app, 'POST', '/api/me/access-tokens', { auth: person.auth, body: { name: 'short' } })).json();
    expect((await call(app, 'DELETE', `/api/me/access-tokens/${id}`, { auth: person.auth })).statusCode).toBe(204);
    expect((await call(app, 'GET', '/api/me', { auth: `Bearer ${secret}` })).statusCode).toBe(401);
  });

  it("should answer 404 for someone else's token and refuse the operator (no person)", async () => {
    const other = await createTestPerson(db(), 'other');
    const theirs = (await call(app, 'POST', '/api/me/access-tokens', { auth: other.auth, body: { name: 'x' } })).json();
    expect((await call(app, 'DELETE', `/api/me/access-tokens/${theirs.id}`, { auth: person.auth })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/me/access-tokens', { auth: `Bearer ${TEST_ADMIN_TOKEN}` })).statusCode).toBe(403);
  });

  it('should narrow a token to one organization: others answer 404', async () => {
    const { secret } = (await call(app, 'POST', '/api/me/access-tokens', { auth: person.auth, body: { name: 'only A', org_id: orgA } })).json();
    expect((await call(app, 'GET', `/api/orgs/${orgA}`, { auth: `Bearer ${secret}` })).statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/orgs/${orgB}`, { auth: `Bearer ${secret}` })).statusCode).toBe(404);
    const me = (await call(app, 'GET', '/api/me', { auth: `Bearer ${secret}` })).json();
    expect(me.organizations.map((o: { id: string }) => o.id)).toEqual([orgA]);
    const widen = await call(app, 'POST', '/api/me/access-tokens', { auth: `Bearer ${secret}`, body: { name: 'wider', org_id: orgB } });
    expect(widen.statusCode).toBe(403);
  });

  it('should refuse an expired token', async () => {
    const { secret, id } = (await call(app, 'POST', '/api/me/access-tokens', { auth: person.auth, body: { name: 'e', expires_at: new Date(Date.now() + 60_000).toISOString() } })).json();
    await db().updateTable('access_tokens').set({ expires_at: Date.now() - 1 }).where('id', '=', id).execute();
    expect((await call(app, 'GET', '/api/me', { auth: `Bearer ${secret}` })).statusCode).toBe(401);
  });

  it('should not let a token create a token that outlives it', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const parent = (await call(app, 'POST', '/api/me/access-tokens', { auth: person.auth, body: { name: 'hour', expires_at: expiresAt } })).json();
    const forever = await call(app, 'POST', '/api/me/access-tokens', { auth: `Bearer ${parent.secret}`, body: { name: 'forever', expires_at: null } });
    expect(forever.statusCode).toBe(400);
    expect(forever.json().error).toMatchObject({ code: 'invalid_value', param: 'expires_at' });
    const later = await call(app, 'POST', '/api/me/access-tokens', { auth: `Bearer ${parent.secret}`, body: { name: 'later', expires_at: new Date(Date.now() + 7_200_000).toISOString() } });
    expect(later.statusCode).toBe(400);
    const inherited = await call(app, 'POST', '/api/me/access-tokens', { auth: `Bearer ${parent.secret}`, body: { name: 'child' } });
    expect(inherited.statusCode).toBe(201);
    expect(inherited.json().expires_at).toBe(parent.expires_at);
  });
});
