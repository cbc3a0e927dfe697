import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../auth/user-repository.js';
import { ORG_ROLES, ORG_ROLE_PERMISSIONS, PROJECT_ROLE_PERMISSIONS, SEES_EVERY_PROJECT, type OrgRole, type Permission, type ProjectRole } from '../auth/permissions.js';
import { insertModelAlias } from '../catalog/model-alias-repository.js';
import { createId, createRequestId } from '../core/ids.js';
import { addTestMember, buildConsoleApp, call, createTestKey, createTestOrg, createTestPerson, TEST_ADMIN_TOKEN, type TestPerson } from '../testing/console-fixture.js';
import { describeEachDialect } from '../testing/dialects.js';
import { emitWebhookEvent } from '../webhooks/emit-event.js';
import { insertWebhookEndpoint } from '../webhooks/endpoint-repository.js';
import { insertPayment } from '../payments/payment-repository.js';
import { CONSOLE_ROUTES } from './console-routes.js';
import type { ConsoleRoute } from './internal/route.js';

/** A caller of the matrix: an organization role, plus a project role on the test project. */
interface Caller {
  readonly label: string;
  readonly orgRole: OrgRole;
  readonly projectRole: ProjectRole | null;
}

const CALLERS: readonly Caller[] = [
  ...ORG_ROLES.map((orgRole) => ({ label: orgRole, orgRole, projectRole: null })),
  // Project roles on top of the weakest organization role show that they only add, and only there.
  { label: 'viewer+project admin', orgRole: 'viewer', projectRole: 'admin' },
  { label: 'viewer+project developer', orgRole: 'viewer', projectRole: 'developer' },
  { label: 'viewer+project viewer', orgRole: 'viewer', projectRole: 'viewer' },
];

/** What the permission table says a caller gets on a route in a `restricted` organization. */
function expectedOutcome(route: ConsoleRoute, caller: Caller): 'allowed' | 403 | 404 {
  const permissions = new Set<Permission>(ORG_ROLE_PERMISSIONS[caller.orgRole]);
  const projectScoped = route.url.startsWith('/projects/') || route.url.startsWith('/requests/');
  if (projectScoped) {
    const reachable = SEES_EVERY_PROJECT.has(caller.orgRole) || caller.projectRole !== null;
    if (!reachable) return 404;
    if (caller.projectRole !== null) for (const p of PROJECT_ROLE_PERMISSIONS[caller.projectRole]) permissions.add(p);
  }
  return permissions.has(route.permission!) ? 'allowed' : 403;
}

/** A concrete request for a route in one organization, with fresh objects for writes that consume them. */
type Prepare = (scope: Scope) => Promise<{ url: string; body?: unknown }>;

interface Scope {
  readonly orgId: string;
  readonly projectId: string;
  readonly keyId: string;
  readonly requestId: string;
}

describeEachDialect('console role matrix', (ctx) => {
  let app: FastifyInstance;
  const people = new Map<string, TestPerson>();
  let a: Scope;
  let b: Scope;
  let n = 0;
  const db = () => ctx.store().db;

  async function freshMember(scope: Scope, projectRole?: string): Promise<string> {
    n += 1;
    const user = await insertUser(db(), { email: `m${n}-${scope.orgId}@example.test`, name: 'm', passwordHash: null, now: Date.now() });
    await addTestMember(db(), scope.orgId, user.id, 'developer', projectRole ? { id: scope.projectId, role: projectRole } : undefined);
    return user.id;
  }
  async function freshAlias(scope: Scope, project: boolean): Promise<string> {
    n += 1;
    const alias = await insertModelAlias(db(), { orgId: scope.orgId, projectId: project ? scope.projectId : null }, { name: `alias-${n}`, target: 'acme/model', now: Date.now() });
    return alias.id;
  }
  async function freshInvite(scope: Scope): Promise<string> {
    const id = createId('inv');
    await db().insertInto('invites').values({ id, org_id: scope.orgId, email: `${id}@example.test`, role: 'viewer', secret_hash: id, invited_by: null, created_at: Date.now(), expires_at: Date.now() + 1e6, accepted_at: null, revoked_at: null }).execute();
    return id;
  }
  async function freshWebhook(scope: Scope): Promise<string> {
    const endpoint = await insertWebhookEndpoint(db(), { orgId: scope.orgId, url: 'https://hooks.example.test/x', description: '', eventTypes: ['*'], enabled: true, secret: 'whsec_dGVzdA==', now: Date.now() });
    return endpoint.id;
  }
  async function freshDelivery(scope: Scope): Promise<string> {
    const endpointId = await freshWebhook(scope);
    const eventId = await db().transaction().execute((trx) => emitWebhookEvent(trx, { orgId: scope.orgId, type: 'webhook.test', data: {}, now: Date.now(), onlyEndpointId: endpointId }));
    const delivery = await db().selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId!).executeTakeFirstOrThrow();
    return `${endpointId}/deliveries/${delivery.id}`;
  }
  async function freshAuditEntry(scope: Scope): Promise<string> {
    const id = createId('aud');
    await db().insertInto('audit_log').values({
      id, org_id: scope.orgId, actor_kind: 'system', actor_id: null, action: 'test.entry', target_type: 'organization', target_id: scope.orgId,
      before_json: null, after_json: null, ip: null, user_agent: null, created_at: Date.now(),
    }).execute();
    return id;
  }
  async function freshPayment(scope: Scope): Promise<string> {
    const id = createId('pay');
    await insertPayment(db(), {
      id, orgId: scope.orgId, provider: 'manual', status: 'pending', amountNano: 5_000_000_000n, checkoutUrl: `http://localhost:8080/console/top-ups/${id}`,
      providerRef: null, createdBy: null, idempotencyKey: null, receiptNumber: null, ledgerEntryId: null, createdAt: Date.now(), completedAt: null,
    });
    return id;
  }
  async function freshPersonalOrg(scope: Scope): Promise<string> {
    const { org } = await createTestOrg(db(), { personal: true });
    // Organization A's callers get their roles in the fresh organization; organization B's stays foreign to them.
    if (scope === a) for (const caller of CALLERS) await addTestMember(db(), org.id, people.get(caller.label)!.user.id, caller.orgRole);
    return org.id;
  }

  const PREPARE: Record<string, Prepare> = {
    'GET /orgs/:orgId': async (s) => ({ url: `/orgs/${s.orgId}` }),
    'PATCH /orgs/:orgId': async (s) => ({ url: `/orgs/${s.orgId}`, body: { name: 'Renamed' } }),
    'DELETE /orgs/:orgId': async (s) => ({ url: `/orgs/${await freshPersonalOrg(s)}` }),
    'POST /orgs/:orgId/convert': async (s) => ({ url: `/orgs/${await freshPersonalOrg(s)}/convert`, body: { name: 'Company', slug: `co-${++n}` } }),
    'PUT /orgs/:orgId/project-access': async (s) => ({ url: `/orgs/${s.orgId}/project-access`, body: { mode: 'restricted' } }),
    'PUT /orgs/:orgId/allowed-models': async (s) => ({ url: `/orgs/${s.orgId}/allowed-models`, body: { models: [] } }),
    'GET /orgs/:orgId/members': async (s) => ({ url: `/orgs/${s.orgId}/members` }),
    'PATCH /orgs/:orgId/members/:userId': async (s) => ({ url: `/orgs/${s.orgId}/members/${await freshMember(s)}`, body: { role: 'viewer' } }),
    'DELETE /orgs/:orgId/members/:userId': async (s) => ({ url: `/orgs/${s.orgId}/members/${await freshMember(s)}` }),
    'POST /orgs/:orgId/invites': async (s) => ({ url: `/orgs/${s.orgId}/invites`, body: { email: `new${++n}@example.test`, role: 'viewer' } }),
    'GET /orgs/:orgId/invites': async (s) => ({ url: `/orgs/${s.orgId}/invites` }),
    'DELETE /orgs/:orgId/invites/:inviteId': async (s) => ({ url: `/orgs/${s.orgId}/invites/${await freshInvite(s)}` }),
    'GET /orgs/:orgId/projects': async (s) => ({ url: `/orgs/${s.orgId}/projects` }),
    'POST /orgs/:orgId/projects': async (s) => ({ url: `/orgs/${s.orgId}/projects`, body: { name: 'New project' } }),
    'GET /projects/:projectId': async (s) => ({ url: `/projects/${s.projectId}` }),
    'PATCH /projects/:projectId': async (s) => ({ url: `/projects/${s.projectId}`, body: { name: 'Renamed project' } }),
    'GET /projects/:projectId/members': async (s) => ({ url: `/projects/${s.projectId}/members` }),
    'POST /projects/:projectId/members': async (s) => ({ url: `/projects/${s.projectId}/members`, body: { user_id: await freshMember(s), role: 'viewer' } }),
    'PATCH /projects/:projectId/members/:userId': async (s) => ({ url: `/projects/${s.projectId}/members/${await freshMember(s, 'viewer')}`, body: { role: 'developer' } }),
    'DELETE /projects/:projectId/members/:userId': async (s) => ({ url: `/projects/${s.projectId}/members/${await freshMember(s, 'viewer')}` }),
    'GET /projects/:projectId/api-keys': async (s) => ({ url: `/projects/${s.projectId}/api-keys` }),
    'POST /projects/:projectId/api-keys': async (s) => ({ url: `/projects/${s.projectId}/api-keys`, body: { name: 'ci' } }),
    'GET /projects/:projectId/api-keys/:keyId': async (s) => ({ url: `/projects/${s.projectId}/api-keys/${s.keyId}` }),
    'PATCH /projects/:projectId/api-keys/:keyId': async (s) => ({ url: `/projects/${s.projectId}/api-keys/${(await createTestKey(db(), s.orgId, s.projectId)).key.id}`, body: { name: 'renamed' } }),
    'DELETE /projects/:projectId/api-keys/:keyId': async (s) => ({ url: `/projects/${s.projectId}/api-keys/${(await createTestKey(db(), s.orgId, s.projectId)).key.id}` }),
    'GET /orgs/:orgId/models': async (s) => ({ url: `/orgs/${s.orgId}/models` }),
    'GET /orgs/:orgId/model-aliases': async (s) => ({ url: `/orgs/${s.orgId}/model-aliases` }),
    'POST /orgs/:orgId/model-aliases': async (s) => ({ url: `/orgs/${s.orgId}/model-aliases`, body: { name: `new-${++n}`, target: 'acme/model' } }),
    'PATCH /orgs/:orgId/model-aliases/:aliasId': async (s) => ({ url: `/orgs/${s.orgId}/model-aliases/${await freshAlias(s, false)}`, body: { target: 'acme/other' } }),
    'DELETE /orgs/:orgId/model-aliases/:aliasId': async (s) => ({ url: `/orgs/${s.orgId}/model-aliases/${await freshAlias(s, false)}` }),
    'GET /projects/:projectId/model-aliases': async (s) => ({ url: `/projects/${s.projectId}/model-aliases` }),
    'POST /projects/:projectId/model-aliases': async (s) => ({ url: `/projects/${s.projectId}/model-aliases`, body: { name: `new-${++n}`, target: 'acme/model' } }),
    'PATCH /projects/:projectId/model-aliases/:aliasId': async (s) => ({ url: `/projects/${s.projectId}/model-aliases/${await freshAlias(s, true)}`, body: { target: 'acme/other' } }),
    'DELETE /projects/:projectId/model-aliases/:aliasId': async (s) => ({ url: `/projects/${s.projectId}/model-aliases/${await freshAlias(s, true)}` }),
    'GET /projects/:projectId/limits': async (s) => ({ url: `/projects/${s.projectId}/limits` }),
    'PATCH /projects/:projectId/limits': async (s) => ({ url: `/projects/${s.projectId}/limits`, body: { rpm: 60, tpm: null } }),
    'PUT /projects/:projectId/budget': async (s) => ({ url: `/projects/${s.projectId}/budget`, body: { budget_usd: '25.00' } }),
    'POST /projects/:projectId/playground/chat/completions': async (s) => ({ url: `/projects/${s.projectId}/playground/chat/completions`, body: { model: 'acme/model', messages: [{ role: 'user', content: 'hi' }] } }),
    'GET /projects/:projectId/requests': async (s) => ({ url: `/projects/${s.projectId}/requests` }),
    'GET /requests/:requestId': async (s) => ({ url: `/requests/${s.requestId}` }),
    'GET /projects/:projectId/usage': async (s) => ({ url: `/projects/${s.projectId}/usage?granularity=hour&group_by=model` }),
    'GET /orgs/:orgId/usage': async (s) => ({ url: `/orgs/${s.orgId}/usage?group_by=project&format=csv` }),
    'GET /orgs/:orgId/overview': async (s) => ({ url: `/orgs/${s.orgId}/overview` }),
    'GET /orgs/:orgId/billing/balance': async (s) => ({ url: `/orgs/${s.orgId}/billing/balance` }),
    'PATCH /orgs/:orgId/billing/alerts': async (s) => ({ url: `/orgs/${s.orgId}/billing/alerts`, body: { lowThresholdUsd: '5.00', criticalThresholdUsd: null } }),
    'GET /orgs/:orgId/billing/ledger-summary': async (s) => ({ url: `/orgs/${s.orgId}/billing/ledger-summary?limit=5` }),
    'GET /orgs/:orgId/billing/transactions.csv': async (s) => ({ url: `/orgs/${s.orgId}/billing/transactions.csv?view=detail` }),
    'GET /orgs/:orgId/billing/statements/:month': async (s) => ({ url: `/orgs/${s.orgId}/billing/statements/2026-10.pdf` }),
    'POST /orgs/:orgId/billing/top-ups': async (s) => ({ url: `/orgs/${s.orgId}/billing/top-ups`, body: { amount_usd: '5.00' } }),
    'GET /orgs/:orgId/billing/payments': async (s) => ({ url: `/orgs/${s.orgId}/billing/payments?status=pending` }),
    'GET /orgs/:orgId/billing/payments/:paymentId': async (s) => ({ url: `/orgs/${s.orgId}/billing/payments/${await freshPayment(s)}` }),
    'POST /orgs/:orgId/billing/payments/:paymentId/cancel': async (s) => ({ url: `/orgs/${s.orgId}/billing/payments/${await freshPayment(s)}/cancel` }),
    'GET /orgs/:orgId/audit-log': async (s) => ({ url: `/orgs/${s.orgId}/audit-log` }),
    'GET /orgs/:orgId/audit-log/:entryId': async (s) => ({ url: `/orgs/${s.orgId}/audit-log/${await freshAuditEntry(s)}` }),
    'GET /orgs/:orgId/webhooks': async (s) => ({ url: `/orgs/${s.orgId}/webhooks` }),
    'POST /orgs/:orgId/webhooks': async (s) => ({ url: `/orgs/${s.orgId}/webhooks`, body: { url: 'https://hooks.example.test/x' } }),
    'GET /orgs/:orgId/webhooks/:endpointId': async (s) => ({ url: `/orgs/${s.orgId}/webhooks/${await freshWebhook(s)}` }),
    'PATCH /orgs/:orgId/webhooks/:endpointId': async (s) => ({ url: `/orgs/${s.orgId}/webhooks/${await freshWebhook(s)}`, body: { description: 'x' } }),
    'DELETE /orgs/:orgId/webhooks/:endpointId': async (s) => ({ url: `/orgs/${s.orgId}/webhooks/${await freshWebhook(s)}` }),
    'POST /orgs/:orgId/webhooks/:endpointId/rotate-secret': async (s) => ({ url: `/orgs/${s.orgId}/webhooks/${await freshWebhook(s)}/rotate-secret` }),
    'GET /orgs/:orgId/webhooks/:endpointId/deliveries': async (s) => ({ url: `/orgs/${s.orgId}/webhooks/${await freshWebhook(s)}/deliveries` }),
    'GET /orgs/:orgId/webhooks/:endpointId/deliveries/:deliveryId': async (s) => ({ url: `/orgs/${s.orgId}/webhooks/${await freshDelivery(s)}` }),
    'POST /orgs/:orgId/webhooks/:endpointId/test': async (s) => ({ url: `/orgs/${s.orgId}/webhooks/${await freshWebhook(s)}/test` }),
  };

  async function makeScope(projectAccess: 'open' | 'restricted'): Promise<Scope> {
    const { org, project } = await createTestOrg(db(), { projectAccess });
    const { key } = await createTestKey(db(), org.id, project.id);
    const requestId = createRequestId();
    await db().insertInto('request_log').values({
      id: requestId, org_id: org.id, project_id: project.id, key_id: key.id, endpoint: 'chat.completions', model_requested: 'm', model_resolved: 'm', provider_id: 'sim',
      stream: 0, status: 200, error_code: null, latency_ms: 5, ttft_ms: 2, input_tokens: 1, output_tokens: 1, cached_tokens: 0, reasoning_tokens: 0, usage_source: 'reported', cost_nano: 10n, created_at: Date.now(),
    }).execute();
    return { orgId: org.id, projectId: project.id, keyId: key.id, requestId };
  }

  beforeAll(async () => {
    // The playground's gateway side is tested end to end (test/playground.test.ts); here it only answers.
    app = await buildConsoleApp(db(), { playgroundChat: async (_request, reply) => void (await reply.send({ object: 'chat.completion' })) });
    a = await makeScope('restricted');
    b = await makeScope('open');
    for (const caller of CALLERS) {
      const person = await createTestPerson(db(), caller.label.replace(/\W/g, '-'));
      people.set(caller.label, person);
      await addTestMember(db(), a.orgId, person.user.id, caller.orgRole, caller.projectRole ? { id: a.projectId, role: caller.projectRole } : undefined);
    }
    // Organization B has members of its own; none of A's callers belongs to it.
    await addTestMember(db(), b.orgId, (await createTestPerson(db(), 'b-owner')).user.id, 'owner');
  });
  afterAll(async () => {
    await app.close();
  });

  const checked = CONSOLE_ROUTES.filter((r) => r.permission !== null && r.url.includes(':'));

  it('should have a prepared request for every authorized id-taking route', () => {
    expect(checked.map((r) => `${r.method} ${r.url}`).filter((k) => PREPARE[k] === undefined)).toEqual([]);
  });

  describe.each(checked.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', (key, route) => {
    it('should allow or refuse each role as the permission table says', async () => {
      const outcomes: string[] = [];
      const wanted: string[] = [];
      for (const caller of CALLERS) {
        const request = await PREPARE[key]!(a);
        const res = await call(app, route.method, `/api${request.url}`, { auth: people.get(caller.label)!.auth, body: request.body });
        const expected = expectedOutcome(route, caller);
        outcomes.push(`${caller.label}: ${res.statusCode < 300 ? 'allowed' : res.statusCode}`);
        wanted.push(`${caller.label}: ${expected}`);
      }
      expect(outcomes).toEqual(wanted);
    });

    it('should answer 404 for every role, and allow the operator, on another organization', async () => {
      const outcomes: string[] = [];
      for (const caller of CALLERS) {
        const request = await PREPARE[key]!(b);
        const res = await call(app, route.method, `/api${request.url}`, { auth: people.get(caller.label)!.auth, body: request.body });
        outcomes.push(`${caller.label}: ${res.statusCode}`);
      }
      expect(outcomes).toEqual(CALLERS.map((c) => `${c.label}: 404`));
      const request = await PREPARE[key]!(b);
      const res = await call(app, route.method, `/api${request.url}`, { auth: `Bearer ${TEST_ADMIN_TOKEN}`, body: request.body });
      // Routes that act as a person (the playground bills a person's request) refuse the operator, who is nobody.
      if (route.auth === 'person') expect(res.statusCode, res.body).toBe(403);
      else expect(res.statusCode, res.body).toBeLessThan(300);
    });
  });

  it('should answer 404 when an id of another organization is combined with a project of ours', async () => {
    const owner = people.get('owner')!.auth;
    const foreignKey = (await createTestKey(db(), b.orgId, b.projectId)).key.id;
    const foreignAlias = await freshAlias(b, true);
    const foreignMember = await freshMember(b, 'viewer');
    const attempts = [
      call(app, 'PATCH', `/api/projects/${a.projectId}/api-keys/${foreignKey}`, { auth: owner, body: { disabled: true } }),
      call(app, 'DELETE', `/api/projects/${a.projectId}/model-aliases/${foreignAlias}`, { auth: owner }),
      call(app, 'DELETE', `/api/orgs/${a.orgId}/model-aliases/${foreignAlias}`, { auth: owner }),
      call(app, 'PATCH', `/api/projects/${a.projectId}/members/${foreignMember}`, { auth: owner, body: { role: 'admin' } }),
      call(app, 'DELETE', `/api/orgs/${a.orgId}/members/${foreignMember}`, { auth: owner }),
    ];
    expect((await Promise.all(attempts)).map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    const stillEnabled = await db().selectFrom('api_keys').select('disabled').where('id', '=', foreignKey).executeTakeFirstOrThrow();
    expect(Number(stillEnabled.disabled)).toBe(0);
  });

  it.each(CONSOLE_ROUTES.filter((r) => r.auth !== 'public').map((r) => [`${r.method} ${r.url}`, r] as const))('%s should require authentication', async (_key, route) => {
    const url = `/api${route.url.replace(/:(\w+)/g, (_m, name: string) => ({ orgId: a.orgId, projectId: a.projectId, keyId: a.keyId, requestId: a.requestId })[name] ?? 'usr_0000000000000000000000000')}`;
    const res = await call(app, route.method, url, { body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
});
