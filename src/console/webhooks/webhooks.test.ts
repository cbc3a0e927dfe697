import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { runAdminCommand } from '../../cli/admin.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../../testing/webhook-receiver.js';
import { WebhookDeliveryWorker } from '../../webhooks/delivery-worker.js';

const DAY = 24 * 3_600_000;

function verify(secret: string, got: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(got.body, got.headers as Record<string, string>);
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachDialect('console webhooks', (ctx) => {
  let app: FastifyInstance;
  let worker: WebhookDeliveryWorker;
  let receiver: WebhookReceiver;
  let admin: TestPerson;
  let clockOffset = 0;
  const db = () => ctx.store().db;

  /** A fresh organization (so tests don't see each other's events) with `admin` as its admin. */
  async function freshOrg() {
    const { org, project } = await createTestOrg(db());
    await addTestMember(db(), org.id, admin.user.id, 'admin');
    return { orgId: org.id, projectId: project.id };
  }
  async function createEndpoint(orgId: string, body: Record<string, unknown>) {
    const res = await call(app, 'POST', `/api/orgs/${orgId}/webhooks`, { auth: admin.auth, body: { url: receiver.url, ...body } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; secret: string };
  }
  const waitForEvent = async (eventId: string) => {
    await waitUntil(async () => receiver.received.some((r) => r.headers['webhook-id'] === eventId), (found) => found);
    return receiver.received.find((r) => r.headers['webhook-id'] === eventId);
  };
  const deliveries = (orgId: string, endpointId: string, query = '') =>
    call(app, 'GET', `/api/orgs/${orgId}/webhooks/${endpointId}/deliveries${query}`, { auth: admin.auth }).then((r) => r.json());

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    receiver = await startWebhookReceiver();
    worker = new WebhookDeliveryWorker({ db: db(), allowPrivateNetworks: true, pollMs: 20, retryScheduleMs: [50], timeoutMs: 5_000, now: () => Date.now() + clockOffset });
    worker.start();
    admin = await createTestPerson(db(), 'webhook-admin');
  });
  afterAll(async () => {
    await receiver.close();
    await worker.stop();
    await app.close();
  });

  it('should sign the delivery of a key created through the console with the secret shown at creation', async () => {
    const { orgId, projectId } = await freshOrg();
    const endpoint = await createEndpoint(orgId, { description: 'ops' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(endpoint.secret.slice(6), 'base64')).toHaveLength(32);
    expect(endpoint).toMatchObject({ url: receiver.url, description: 'ops', event_types: ['*'], enabled: true, abilities: { read: true, rotate_secret: true } });
    const listed = await call(app, 'GET', `/api/orgs/${orgId}/webhooks`, { auth: admin.auth });
    expect(listed.json().data.map((e: { id: string }) => e.id)).toEqual([endpoint.id]);
    expect(listed.body).not.toContain(endpoint.secret);
    const one = await call(app, 'GET', `/api/orgs/${orgId}/webhooks/${endpoint.id}`, { auth: admin.auth });
    expect(one.json()).not.toHaveProperty('secret');
    const audit = await db().selectFrom('audit_log').selectAll().where('target_id', '=', endpoint.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['webhook_endpoint.create']);
    expect(JSON.stringify(audit)).not.toContain(endpoint.secret.slice(6));

    const before = receiver.received.length;
    const key = (await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: admin.auth, body: { name: 'ci' } })).json();
    const [got] = (await receiver.waitFor(before + 1)).slice(before);
    const payload = verify(endpoint.secret, got!) as { type: string; timestamp: string; data: Record<string, unknown> };
    expect(payload).toEqual({ type: 'api_key.created', timestamp: expect.any(String), data: { key_id: key.id, project_id: projectId, name: 'ci', prefix: key.prefix } });
    expect(got!.body).not.toContain(key.secret);
    expect(got!.headers['webhook-id']).toMatch(/^evt_/);
    expect(Number(got!.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got!)).toThrow(/No matching signature/);
    const page = await waitUntil(() => deliveries(orgId, endpoint.id), (p) => p.data[0]?.status === 'succeeded');
    expect(page.data).toEqual([expect.objectContaining({ event_id: got!.headers['webhook-id'], event_type: 'api_key.created', status: 'succeeded', attempts: 1, last_status: 204, last_error: null, next_attempt_at: null })]);
  });

  it('should deliver only subscribed event types and nothing to a disabled endpoint', async () => {
    const { orgId, projectId } = await freshOrg();
    const onlyDisabled = await createEndpoint(orgId, { event_types: ['api_key.disabled'] });
    const off = await createEndpoint(orgId, { enabled: false });
    const before = receiver.received.length;
    const key = (await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: admin.auth, body: { name: 'temp' } })).json();
    await call(app, 'PATCH', `/api/projects/${projectId}/api-keys/${key.id}`, { auth: admin.auth, body: { disabled: true } });
    // Already disabled: deleting announces nothing more.
    await call(app, 'DELETE', `/api/projects/${projectId}/api-keys/${key.id}`, { auth: admin.auth });
    const [got] = (await receiver.waitFor(before + 1)).slice(before);
    expect(verify(onlyDisabled.secret, got!)).toMatchObject({ type: 'api_key.disabled', data: { key_id: key.id, reason: 'disabled' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.received.length).toBe(before + 1);
    expect((await deliveries(orgId, off.id)).data).toEqual([]);
    const events = await db().selectFrom('webhook_events').select('type').where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
    expect(events.map((e) => e.type)).toEqual(['api_key.created', 'api_key.disabled']);
  });

  it('should announce keys created and disabled by the admin CLI', async () => {
    const { orgId, projectId } = await freshOrg();
    const admin = async (args: string[]) => {
      let out = '';
      expect(await runAdminCommand(args, { databaseUrl: ctx.url(), stdout: (t) => (out += t) })).toBe(0);
      return JSON.parse(out) as { id: string; prefix: string; secret: string };
    };
    const key = await admin(['key', 'create', '--project', projectId, '--name', 'cli']);
    await admin(['key', 'disable', '--id', key.id]);
    await admin(['key', 'disable', '--id', key.id]);
    const events = await db().selectFrom('webhook_events').select(['type', 'payload']).where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
    expect(events.map((e) => [e.type, JSON.parse(e.payload).data])).toEqual([
      ['api_key.created', { key_id: key.id, project_id: projectId, name: 'cli', prefix: key.prefix }],
      ['api_key.disabled', { key_id: key.id, project_id: projectId, name: 'cli', prefix: key.prefix, reason: 'disabled' }],
    ]);
    expect(JSON.stringify(events)).not.toContain(key.secret);
  });

  it('should sign with both secrets during the 24 h overlap after a rotation, and with the new one only after it', async () => {
    const { orgId } = await freshOrg();
    const endpoint = await createEndpoint(orgId, {});
    const rotated = await call(app, 'POST', `/api/orgs/${orgId}/webhooks/${endpoint.id}/rotate-secret`, { auth: admin.auth });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json() as { secret: string; previous_secret_expires_at: string };
    expect(fresh.secret).not.toBe(endpoint.secret);
    expect(Date.parse(fresh.previous_secret_expires_at) - Date.now()).toBeGreaterThan(DAY - 60_000);
    const audit = await db().selectFrom('audit_log').select(['action', 'after_json', 'before_json']).where('target_id', '=', endpoint.id).execute();
    expect(audit.map((a) => a.action)).toContain('webhook_endpoint.rotate_secret');
    expect(JSON.stringify(audit)).not.toContain(fresh.secret.slice(6));
    expect(JSON.stringify(audit)).not.toContain(endpoint.secret.slice(6));

    const ping = await call(app, 'POST', `/api/orgs/${orgId}/webhooks/${endpoint.id}/test`, { auth: admin.auth });
    expect(ping.statusCode).toBe(201);
    const overlap = await waitForEvent(ping.json().event_id);
    expect(String(overlap!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(fresh.secret, overlap!)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(verify(endpoint.secret, overlap!)).toMatchObject({ type: 'webhook.test' });
    expect(overlap!.headers['webhook-id']).toBe(ping.json().event_id);

    // 25 hours later (the worker's and the receiver's clocks), the old secret no longer signs.
    clockOffset = 25 * 3_600_000;
    try {
      const second = await call(app, 'POST', `/api/orgs/${orgId}/webhooks/${endpoint.id}/test`, { auth: admin.auth });
      const after = await waitForEvent(second.json().event_id);
      expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(1);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + clockOffset);
      expect(verify(fresh.secret, after!)).toMatchObject({ type: 'webhook.test' });
      expect(() => verify(endpoint.secret, after!)).toThrow(/No matching signature/);
    } finally {
      vi.useRealTimers();
      clockOffset = 0;
    }
  });

  it('should answer a request that emits an event at once while the receiver hangs', async () => {
    const { orgId, projectId } = await freshOrg();
    await createEndpoint(orgId, {});
    receiver.answer = () => 'hang';
    try {
      const before = receiver.received.length;
      const started = Date.now();
      const first = await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: admin.auth, body: { name: 'a' } });
      await receiver.waitFor(before + 1);
      // One delivery hangs in flight (the worker's timeout is 5 s); the next request is not held by it.
      const second = await call(app, 'POST', `/api/projects/${projectId}/api-keys`, { auth: admin.auth, body: { name: 'b' } });
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      receiver.answer = () => 204;
    }
  });

  it('should list deliveries newest first with cursors', async () => {
    const { orgId } = await freshOrg();
    const endpoint = await createEndpoint(orgId, {});
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await call(app, 'POST', `/api/orgs/${orgId}/webhooks/${endpoint.id}/test`, { auth: admin.auth })).json().delivery_id);
      await new Promise((r) => setTimeout(r, 3));
    }
    const first = await deliveries(orgId, endpoint.id, '?limit=2');
    const second = await deliveries(orgId, endpoint.id, `?limit=2&cursor=${first.next_cursor}`);
    expect([...first.data, ...second.data].map((d: { id: string }) => d.id)).toEqual([...ids].reverse());
    expect(second.next_cursor).toBeNull();
  });

  it('should read a delivery with every attempt: the failed one with its answer, then the success', async () => {
    const { orgId } = await freshOrg();
    const endpoint = await createEndpoint(orgId, {});
    const other = await createEndpoint(orgId, {});
    let retried = '';
    // Fail the first request for this endpoint only: a late delivery of an earlier test's event may
    // reach the shared receiver first, and must not take the failure meant for this one.
    let failed = false;
    receiver.answer = (req) => {
      if (!failed && req.body.includes(endpoint.id)) {
        failed = true;
        return { status: 500, body: 'receiver down: ' + 'x'.repeat(2000) };
      }
      return { status: 200, body: 'ok' };
    };
    try {
      const { delivery_id: deliveryId, event_id: eventId } = (await call(app, 'POST', `/api/orgs/${orgId}/webhooks/${endpoint.id}/test`, { auth: admin.auth })).json();
      retried = deliveryId;
      const read = () => call(app, 'GET', `/api/orgs/${orgId}/webhooks/${endpoint.id}/deliveries/${deliveryId}`, { auth: admin.auth });
      const done = await waitUntil(async () => (await read()).json(), (d) => d.status === 'succeeded');
      expect(done).toMatchObject({ id: deliveryId, event_id: eventId, event_type: 'webhook.test', status: 'succeeded', attempts: 2, last_status: 200, last_error: null });
      expect(JSON.parse(done.payload)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
      expect(done.attempt_history).toHaveLength(2);
      const [first, second] = done.attempt_history;
      expect(first).toMatchObject({ attempt: 1, response_status: 500, error: 'HTTP 500' });
      // Only the start of a long answer is kept.
      expect(first.response_body).toBe('receiver down: ' + 'x'.repeat(1024 - 15));
      expect(second).toMatchObject({ attempt: 2, response_status: 200, error: null, response_body: 'ok' });
      for (const a of done.attempt_history) expect(a.latency_ms).toBeGreaterThanOrEqual(0);
      expect(Date.parse(second.attempted_at)).toBeGreaterThanOrEqual(Date.parse(first.attempted_at) + 50);
    } finally {
      receiver.answer = () => 204;
    }
    const id = (await call(app, 'POST', `/api/orgs/${orgId}/webhooks/${endpoint.id}/test`, { auth: admin.auth })).json().delivery_id;
    // A delivery is read through its own endpoint only, and a bad id is named.
    const wrong = await call(app, 'GET', `/api/orgs/${orgId}/webhooks/${other.id}/deliveries/${id}`, { auth: admin.auth });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.message).toBe(`No delivery '${id}' for this webhook endpoint.`);
    const bad = await call(app, 'GET', `/api/orgs/${orgId}/webhooks/${endpoint.id}/deliveries/nope`, { auth: admin.auth });
    expect(bad.json().error).toMatchObject({ code: 'invalid_value', param: 'path.deliveryId' });
    const developer = await createTestPerson(db(), 'webhook-dev');
    await addTestMember(db(), orgId, developer.user.id, 'developer');
    const refused = await call(app, 'GET', `/api/orgs/${orgId}/webhooks/${endpoint.id}/deliveries/${id}`, { auth: developer.auth });
    expect(refused.statusCode).toBe(403);
    // Deleting the endpoint deletes the deliveries and their attempts.
    const attemptsOf = () => db().selectFrom('webhook_delivery_attempts').select('attempt').where('delivery_id', '=', retried).execute();
    expect(await attemptsOf()).toHaveLength(2);
    await call(app, 'DELETE', `/api/orgs/${orgId}/webhooks/${endpoint.id}`, { auth: admin.auth });
    expect(await attemptsOf()).toEqual([]);
  });

  it('should update and delete an endpoint, auditing each change', async () => {
    const { orgId } = await freshOrg();
    const endpoint = await createEndpoint(orgId, {});
    const patched = await call(app, 'PATCH', `/api/orgs/${orgId}/webhooks/${endpoint.id}`, {
      auth: admin.auth, body: { url: 'https://hooks.example.test/x', description: 'moved', event_types: ['billing.balance_low', 'model.deprecated'] },
    });
    expect(patched.json()).toMatchObject({ url: 'https://hooks.example.test/x', description: 'moved', event_types: ['billing.balance_low', 'model.deprecated'], enabled: true });
    expect((await call(app, 'DELETE', `/api/orgs/${orgId}/webhooks/${endpoint.id}`, { auth: admin.auth })).statusCode).toBe(204);
    expect((await call(app, 'GET', `/api/orgs/${orgId}/webhooks/${endpoint.id}`, { auth: admin.auth })).statusCode).toBe(404);
    const actions = await db().selectFrom('audit_log').select('action').where('target_id', '=', endpoint.id).orderBy('created_at').orderBy('id').execute();
    expect(actions.map((a) => a.action)).toEqual(['webhook_endpoint.create', 'webhook_endpoint.update', 'webhook_endpoint.delete']);
  });

  it('should refuse bad input with 400s that name the field', async () => {
    const { orgId } = await freshOrg();
    const post = (body: unknown) => call(app, 'POST', `/api/orgs/${orgId}/webhooks`, { auth: admin.auth, body });
    const cases: [unknown, string, RegExp][] = [
      [{ url: 'ftp://example.test/x' }, 'url', /http/],
      [{ url: 'https://user:pw@example.test/x' }, 'url', /user name or password/],
      [{ url: 'not a url' }, 'url', /absolute/],
      [{ url: receiver.url, event_types: ['api_key.created', 'foo.bar', 'nope'] }, 'event_types', /foo\.bar, nope/],
      [{ url: receiver.url, event_types: [] }, 'event_types', /./],
      [{ url: receiver.url, enabled: 'yes' }, 'enabled', /./],
    ];
    for (const [body, param, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_value', param });
      expect(res.json().error.message).toMatch(message);
    }
    expect((await post({ url: receiver.url, secret: 'x' })).json().error).toMatchObject({ code: 'unknown_field', param: 'secret' });
    expect((await post({})).json().error).toMatchObject({ code: 'missing_required_parameter', param: 'url' });
    const endpoint = await createEndpoint(orgId, {});
    const patch = await call(app, 'PATCH', `/api/orgs/${orgId}/webhooks/${endpoint.id}`, { auth: admin.auth, body: { url: 'javascript:alert(1)' } });
    expect(patch.json().error).toMatchObject({ code: 'invalid_value', param: 'url' });
    expect((await call(app, 'GET', `/api/orgs/${orgId}/webhooks/nope`, { auth: admin.auth })).json().error).toMatchObject({ code: 'invalid_value', param: 'path.endpointId' });
    // Another organization's endpoint id looks missing.
    const other = await freshOrg();
    expect((await call(app, 'GET', `/api/orgs/${other.orgId}/webhooks/${endpoint.id}`, { auth: admin.auth })).statusCode).toBe(404);
    await call(app, 'PATCH', `/api/orgs/${orgId}/webhooks/${endpoint.id}`, { auth: admin.auth, body: { enabled: false } });
    expect((await call(app, 'POST', `/api/orgs/${orgId}/webhooks/${endpoint.id}/test`, { auth: admin.auth })).statusCode).toBe(409);
  });
});
