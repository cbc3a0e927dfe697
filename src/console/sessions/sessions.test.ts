import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKey, buildConsoleApp, call, TEST_ADMIN_TOKEN } from '../../testing/console-fixture.js';
import { readDemoCatalogue } from '../../testing/demo-catalogue.js';
import { describeEachDialect } from '../../testing/dialects.js';
import { startTestGateway } from '../../testing/start-test-gateway.js';

function sessionFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0]! : setCookie!;
  return /tf_session=([^;]+)/.exec(header)![1]!;
}

describeEachDialect('console sessions', (ctx) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildConsoleApp(ctx.store().db);
  });
  afterAll(async () => {
    await app.close();
  });

  it('should sign up, set an HttpOnly SameSite=Lax cookie and create a personal organization', async () => {
    const res = await call(app, 'POST', '/api/sign-up', { csrf: true, body: { email: 'Ada@Example.test', password: 'correct horse battery', name: 'Ada' } });
    expect(res.statusCode).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^tf_session=tf_ses_\w+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const me = res.json();
    expect(me.user.email).toBe('ada@example.test');
    expect(me.organizations).toEqual([{ id: expect.stringMatching(/^org_/), name: "Ada's organization", role: 'owner', personal: true, abilities: expect.objectContaining({ read: true, manage_billing: true }) }]);
    expect(me.projects).toHaveLength(1);
    const again = await call(app, 'GET', '/api/me', { cookie: sessionFrom(res.headers['set-cookie']) });
    expect(again.json().auth).toEqual({ kind: 'session', organization_id: null });
  });

  it('should refuse a second account with the same email', async () => {
    const res = await call(app, 'POST', '/api/sign-up', { csrf: true, body: { email: 'ada@example.test', password: 'another password', name: 'Ada 2' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'conflict', param: 'email', request_id: expect.stringMatching(/^req_/) });
  });

  it('should sign in, require the CSRF header on cookie writes, and end the session on sign-out', async () => {
    const res = await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: 'ada@example.test', password: 'correct horse battery' } });
    expect(res.statusCode).toBe(200);
    const cookie = sessionFrom(res.headers['set-cookie']);
    const noHeader = await call(app, 'POST', '/api/sign-out', { cookie, csrf: false });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().error.code).toBe('csrf_header_missing');
    const orgId = res.json().organizations[0].id as string;
    const writeNoHeader = await call(app, 'PATCH', `/api/orgs/${orgId}`, { cookie, csrf: false, body: { name: 'x' } });
    expect(writeNoHeader.statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/me', { cookie, csrf: false })).statusCode).toBe(200);
    const out = await call(app, 'POST', '/api/sign-out', { cookie });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await call(app, 'GET', '/api/me', { cookie })).statusCode).toBe(401);
  });

  it('should refuse a sign-in without the CSRF header (login CSRF)', async () => {
    const res = await call(app, 'POST', '/api/sign-in', { csrf: false, body: { email: 'ada@example.test', password: 'correct horse battery' } });
    expect(res.statusCode).toBe(403);
  });

  it('should answer a wrong password and an unknown email alike, then throttle', async () => {
    const wrong = await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: 'ada@example.test', password: 'wrong' } });
    const unknown = await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: 'nobody@example.test', password: 'wrong' } });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json().error.message).toBe(unknown.json().error.message);
    for (let i = 0; i < 4; i++) await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: 'ada@example.test', password: 'wrong' } });
    const locked = await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: 'ada@example.test', password: 'correct horse battery' } });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('too_many_attempts');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('should refuse inference keys and unknown tokens with 401, and accept the operator token', async () => {
    const me = await call(app, 'GET', '/api/me', { auth: `Bearer ${TEST_ADMIN_TOKEN}` });
    expect(me.json()).toMatchObject({ user: null, auth: { kind: 'operator' } });
    const orgId = me.json().organizations[0].id as string;
    const project = await ctx.store().db.selectFrom('projects').select('id').where('org_id', '=', orgId).executeTakeFirstOrThrow();
    const { secret } = await createTestKey(ctx.store().db, orgId, project.id);
    const withKey = await call(app, 'GET', '/api/me', { auth: `Bearer ${secret}` });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.json().error.code).toBe('inference_key_not_accepted');
    expect((await call(app, 'GET', '/api/me', { auth: 'Bearer tf_at_nope' })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/me')).statusCode).toBe(401);
  });

  it('should name an unknown body field and answer unknown URLs with the console envelope', async () => {
    const res = await call(app, 'POST', '/api/sign-in', { csrf: true, body: { email: 'ada@example.test', password: 'x', remember: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'unknown_field', param: 'remember' });
    const missing = await call(app, 'GET', '/api/nothing-here', { auth: `Bearer ${TEST_ADMIN_TOKEN}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('unknown_url');
  });

  it('should answer bad JSON and oversized bodies with the console envelope', async () => {
    const auth = `Bearer ${TEST_ADMIN_TOKEN}`;
    const bad = await app.inject({ method: 'POST', url: '/api/me/access-tokens', headers: { authorization: auth, 'content-type': 'application/json' }, payload: '{"name":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_json');
    const big = await app.inject({ method: 'POST', url: '/api/sign-in', headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(70_000) }) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('request_too_large');
  });

  it('should refuse sign-up when the operator closed it', async () => {
    const closed = await buildConsoleApp(ctx.store().db, { allowSignUp: false });
    try {
      const res = await call(closed, 'POST', '/api/sign-up', { csrf: true, body: { email: 'late@example.test', password: 'a long password', name: 'Late' } });
      expect(res.statusCode).toBe(403);
    } finally {
      await closed.close();
    }
  });
});

describe('serve with TF_ALLOW_SIGN_UP=false', () => {
  it('should refuse sign-up, so people join only by invite', async () => {
    const gateway = await startTestGateway({ catalogue: readDemoCatalogue(), serverEnv: { TF_ALLOW_SIGN_UP: 'false' } });
    try {
      const res = await fetch(`${gateway.rootURL}/api/sign-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
        body: JSON.stringify({ email: 'new@example.test', password: 'a long password', name: 'New' }),
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/Sign-up is disabled/);
    } finally {
      await gateway.close();
    }
  });
});

describe('serve: the Secure session cookie', () => {
  async function signUp(rootURL: string, email: string, headers: Record<string, string> = {}): Promise<string> {
    const res = await fetch(`${rootURL}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', ...headers },
      body: JSON.stringify({ email, password: 'a long password', name: 'Cookie' }),
    });
    expect(res.status).toBe(201);
    return res.headers.get('set-cookie') ?? '';
  }

  it('should mark the cookie Secure when TF_PUBLIC_URL is https', async () => {
    const gateway = await startTestGateway({ catalogue: readDemoCatalogue(), serverEnv: { TF_PUBLIC_URL: 'https://gw.example.test' } });
    try {
      expect(await signUp(gateway.rootURL, 'https@example.test')).toMatch(/; Secure$/);
    } finally {
      await gateway.close();
    }
  });

  it('should believe X-Forwarded-Proto only from a proxy TF_TRUST_PROXY names', async () => {
    const trusting = await startTestGateway({ catalogue: readDemoCatalogue(), serverEnv: { TF_TRUST_PROXY: 'loopback' } });
    const untrusting = await startTestGateway({ catalogue: readDemoCatalogue() });
    try {
      expect(await signUp(trusting.rootURL, 'proxied@example.test', { 'x-forwarded-proto': 'https' })).toMatch(/; Secure$/);
      expect(await signUp(trusting.rootURL, 'plain@example.test')).not.toMatch(/Secure/);
      expect(await signUp(untrusting.rootURL, 'spoofed@example.test', { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/);
    } finally {
      await Promise.all([trusting.close(), untrusting.close()]);
    }
  });
});
