import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestOrg } from '../testing/console-fixture.js';
import { describeEachDialect } from '../testing/dialects.js';
import { deadWebhookUrl, startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { openStore } from '../store/database.js';
import { claimDueDeliveries, deleteOldDeliveries } from './delivery-queue.js';
import { WebhookDeliveryWorker } from './delivery-worker.js';
import { emitWebhookEvent } from './emit-event.js';
import { insertWebhookEndpoint, updateWebhookEndpoint } from './endpoint-repository.js';
import { generateWebhookSecret } from './webhook-secret.js';

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 15));
  }
}

describeEachDialect('webhook delivery worker', (ctx) => {
  let receiver: WebhookReceiver;
  const db = () => ctx.store().db;
  const workers: WebhookDeliveryWorker[] = [];

  function startWorker(options: Partial<ConstructorParameters<typeof WebhookDeliveryWorker>[0]> = {}): WebhookDeliveryWorker {
    const worker = new WebhookDeliveryWorker({ db: db(), allowPrivateNetworks: true, pollMs: 10, retryScheduleMs: [40, 40], timeoutMs: 2_000, ...options });
    workers.push(worker);
    worker.start();
    return worker;
  }
  async function endpointFor(url: string) {
    const { org } = await createTestOrg(db());
    const secret = generateWebhookSecret();
    const endpoint = await insertWebhookEndpoint(db(), { orgId: org.id, url, description: '', eventTypes: ['*'], enabled: true, secret, now: Date.now() });
    return { orgId: org.id, endpointId: endpoint.id, secret };
  }
  const emit = (orgId: string, n = 0) =>
    db().transaction().execute((trx) => emitWebhookEvent(trx, { orgId, type: 'billing.balance_low', data: { n, balance_usd: '4.990000000' }, now: Date.now() }));
  const deliveryOf = (eventId: string) => db().selectFrom('webhook_deliveries').selectAll().where('event_id', '=', eventId).executeTakeFirstOrThrow();

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('should retry a receiver that fails twice and record three attempts, the last succeeded', async () => {
    const { orgId, secret } = await endpointFor(receiver.url);
    receiver.received.length = 0;
    receiver.answer = (_req, i) => (i < 2 ? 500 : 200);
    const worker = startWorker();
    try {
      const eventId = (await emit(orgId))!;
      const got = await receiver.waitFor(3);
      await waitUntil(async () => (await deliveryOf(eventId)).status === 'succeeded');
      expect(await deliveryOf(eventId)).toMatchObject({ status: 'succeeded', last_status: 200, last_error: null, locked_until: null });
      expect(Number((await deliveryOf(eventId)).attempts)).toBe(3);
      // Same webhook-id on every attempt, each signed afresh, with the configured pause between them.
      expect(got.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId, eventId]);
      for (const r of got) expect(new Webhook(secret).verify(r.body, r.headers as Record<string, string>)).toMatchObject({ type: 'billing.balance_low', data: { balance_usd: '4.990000000' } });
      expect(got[1]!.at - got[0]!.at).toBeGreaterThanOrEqual(35);
      // Each attempt is in the delivery's history, not only the last.
      const row = await deliveryOf(eventId);
      const history = await db().selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', '=', row.id).orderBy('attempt').execute();
      expect(history.map((a) => [Number(a.attempt), a.response_status === null ? null : Number(a.response_status), a.error])).toEqual([[1, 500, 'HTTP 500'], [2, 500, 'HTTP 500'], [3, 200, null]]);
      expect(Number(history[2]!.attempted_at)).toBe(Number(row.last_attempt_at));
      await new Promise((r) => setTimeout(r, 120));
      expect(receiver.received).toHaveLength(3);
    } finally {
      await worker.stop();
      receiver.answer = () => 204;
    }
  });

  it('should give up on a dead receiver after the last scheduled retry', async () => {
    const { orgId } = await endpointFor(await deadWebhookUrl());
    const worker = startWorker();
    try {
      const eventId = (await emit(orgId))!;
      await waitUntil(async () => (await deliveryOf(eventId)).status !== 'pending');
      const row = await deliveryOf(eventId);
      expect(row).toMatchObject({ status: 'failed', last_status: null });
      expect(Number(row.attempts)).toBe(3);
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      const history = await db().selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', '=', row.id).execute();
      expect(history).toHaveLength(3);
      expect(history.every((a) => a.response_status === null && a.response_body === null && /ECONNREFUSED|connect/i.test(a.error ?? ''))).toBe(true);
    } finally {
      await worker.stop();
    }
  });

  it('should record a timeout for a receiver that hangs and retry later', async () => {
    const { orgId } = await endpointFor(receiver.url);
    receiver.answer = () => 'hang';
    const worker = startWorker({ timeoutMs: 150, retryScheduleMs: [60_000] });
    try {
      const eventId = (await emit(orgId))!;
      await waitUntil(async () => Number((await deliveryOf(eventId)).attempts) === 1);
      const row = await deliveryOf(eventId);
      expect(row).toMatchObject({ status: 'pending', last_status: null, last_error: 'timed out after 150 ms', locked_until: null });
      expect(Number(row.next_attempt_at) - Number(row.last_attempt_at)).toBeGreaterThanOrEqual(60_000);
    } finally {
      receiver.answer = () => 204;
      await worker.stop();
    }
  });

  it('should refuse loopback receivers by default, by literal address and by a name that resolves inward', async () => {
    receiver.received.length = 0;
    receiver.answer = () => 200;
    const literal = await endpointFor(receiver.url);
    const named = await endpointFor(receiver.url.replace('127.0.0.1', 'localhost'));
    const worker = startWorker({ allowPrivateNetworks: false, retryScheduleMs: [] });
    const literalEvent = (await emit(literal.orgId))!;
    const namedEvent = (await emit(named.orgId))!;
    try {
      await waitUntil(async () => (await deliveryOf(literalEvent)).status === 'failed' && (await deliveryOf(namedEvent)).status === 'failed');
    } finally {
      await worker.stop();
    }
    expect((await deliveryOf(literalEvent)).last_error).toMatch(/127\.0\.0\.1.*private or reserved address.*TF_WEBHOOK_ALLOW_PRIVATE_URLS/);
    expect((await deliveryOf(namedEvent)).last_error).toMatch(/localhost .*private or reserved address/);
    expect(receiver.received).toHaveLength(0);
  });

  it('should deliver each attempt once with two workers on one database', async () => {
    const { orgId } = await endpointFor(receiver.url);
    const otherStore = await openStore(ctx.url(), { maxConnections: 4 });
    receiver.received.length = 0;
    const ids: string[] = [];
    for (let i = 0; i < 40; i++) ids.push((await emit(orgId, i))!);
    // Both processes see the same 40 due rows and race for them: each row goes to exactly one.
    const now = Date.now();
    const [a, b] = await Promise.all([db(), otherStore.db].map((d) => claimDueDeliveries(d, { now, limit: 100, lockMs: 60_000 })));
    const mine = (list: typeof a) => list!.filter((c) => ids.includes(c.eventId)).map((c) => c.eventId);
    expect([...mine(a), ...mine(b)].sort()).toEqual([...ids].sort());
    await db().updateTable('webhook_deliveries').set({ locked_until: null }).where('event_id', 'in', ids).execute();
    const one = startWorker({ pollMs: 5 });
    const two = new WebhookDeliveryWorker({ db: otherStore.db, allowPrivateNetworks: true, pollMs: 5 });
    two.start();
    try {
      await receiver.waitFor(40, 10_000);
      await waitUntil(async () => (await db().selectFrom('webhook_deliveries').select('id').where('event_id', 'in', ids).where('status', '=', 'succeeded').execute()).length === 40);
      await new Promise((r) => setTimeout(r, 100));
      expect(receiver.received.map((r) => r.headers['webhook-id']).sort()).toEqual([...ids].sort());
      const attempts = await db().selectFrom('webhook_deliveries').select('attempts').where('event_id', 'in', ids).execute();
      expect(attempts.every((a) => Number(a.attempts) === 1)).toBe(true);
    } finally {
      await one.stop();
      await two.stop();
      await otherStore.close();
    }
  });

  it('should retry an attempt whose worker died once its claim expires, and skip a disabled endpoint', async () => {
    const { orgId } = await endpointFor(receiver.url);
    const eventId = (await emit(orgId))!;
    // A worker claims the row and dies before sending.
    const claimed = await claimDueDeliveries(db(), { now: Date.now(), limit: 100, lockMs: 300 });
    expect(claimed.map((c) => c.eventId)).toContain(eventId);
    receiver.received.length = 0;
    const worker = new WebhookDeliveryWorker({ db: db(), allowPrivateNetworks: true, pollMs: 10 });
    expect(await worker.runOnce()).toBe(0);
    await new Promise((r) => setTimeout(r, 350));
    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).toContain(eventId);

    const off = await endpointFor(receiver.url);
    const queued = (await emit(off.orgId))!;
    await updateWebhookEndpoint(db(), off.endpointId, { enabled: false }, Date.now());
    await worker.runOnce();
    await worker.stop();
    expect(await deliveryOf(queued)).toMatchObject({ status: 'failed', last_error: 'endpoint disabled' });
    // Nothing was sent, so there is no attempt to show.
    expect(await db().selectFrom('webhook_delivery_attempts').select('attempt').where('delivery_id', '=', (await deliveryOf(queued)).id).execute()).toEqual([]);
    expect(receiver.received.map((r) => r.headers['webhook-id'])).not.toContain(queued);
  });

  it('should delete finished deliveries and events older than the retention, keeping dedupe keys', async () => {
    const { orgId } = await endpointFor(receiver.url);
    const old = Date.now() - 31 * 24 * 3_600_000;
    const oldEvent = (await db().transaction().execute((trx) => emitWebhookEvent(trx, { orgId, type: 'billing.balance_low', data: {}, now: old })))!;
    const oldDeduped = (await db().transaction().execute((trx) => emitWebhookEvent(trx, { orgId, type: 'model.deprecated', data: {}, dedupeKey: `k-${orgId}`, now: old })))!;
    const recent = (await emit(orgId))!;
    await db().updateTable('webhook_deliveries').set({ status: 'succeeded' }).where('event_id', 'in', [oldEvent, oldDeduped]).execute();
    const oldDelivery = (await deliveryOf(oldEvent)).id;
    await db().insertInto('webhook_delivery_attempts').values({ delivery_id: oldDelivery, attempt: 1, attempted_at: old, response_status: 204, latency_ms: 3, error: null, response_body: null }).execute();
    await deleteOldDeliveries(db(), Date.now() - 30 * 24 * 3_600_000);
    const events = await db().selectFrom('webhook_events').select('id').where('org_id', '=', orgId).execute();
    expect(events.map((e) => e.id).sort()).toEqual([oldDeduped, recent].sort());
    const left = await db().selectFrom('webhook_deliveries').select('event_id').where('org_id', '=', orgId).execute();
    expect(left.map((d) => d.event_id)).toEqual([recent]);
    expect(await db().selectFrom('webhook_delivery_attempts').select('attempt').where('delivery_id', '=', oldDelivery).execute()).toEqual([]);
    // The kept key still stops a second announcement.
    expect(await db().transaction().execute((trx) => emitWebhookEvent(trx, { orgId, type: 'model.deprecated', data: {}, dedupeKey: `k-${orgId}`, now: Date.now() }))).toBeNull();
  });

  it('should delete a backlog in batches: every old finished delivery and event goes, a pending one stays', async () => {
    const { orgId } = await endpointFor(receiver.url);
    const old = Date.now() - 31 * 24 * 3_600_000;
    const events: string[] = [];
    for (let i = 0; i < 7; i++) events.push((await db().transaction().execute((trx) => emitWebhookEvent(trx, { orgId, type: 'billing.balance_low', data: { i }, now: old })))!);
    const [pending, ...finished] = events;
    await db().updateTable('webhook_deliveries').set({ status: 'failed' }).where('event_id', 'in', finished).execute();
    for (const event of finished) {
      await db().insertInto('webhook_delivery_attempts').values({ delivery_id: (await deliveryOf(event)).id, attempt: 1, attempted_at: old, response_status: 500, latency_ms: 3, error: null, response_body: null }).execute();
    }
    const counts = await deleteOldDeliveries(db(), Date.now() - 30 * 24 * 3_600_000, 2);
    expect(counts.deliveries).toBeGreaterThanOrEqual(6);
    const left = await db().selectFrom('webhook_deliveries').select(['event_id', 'status']).where('org_id', '=', orgId).execute();
    expect(left).toEqual([{ event_id: pending, status: 'pending' }]);
    const leftEvents = await db().selectFrom('webhook_events').select('id').where('org_id', '=', orgId).execute();
    expect(leftEvents.map((e) => e.id)).toEqual([pending]);
    const attempts = await db().selectFrom('webhook_delivery_attempts as a').innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id').select('a.attempt').where('d.org_id', '=', orgId).execute();
    expect(attempts).toEqual([]);
  });
});
