import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getOrgBalance, listLedgerEntries } from '../../billing/ledger-repository.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, TEST_ADMIN_TOKEN, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';
import { startFakeStripe, type FakeStripe } from '../../testing/fake-stripe.js';

const PUBLIC_URL = 'https://gw.example.test';

describeEachDialect('console payments (stripe provider)', (ctx) => {
  let app: FastifyInstance;
  let fake: FakeStripe;
  let orgId: string;
  let billing: TestPerson;
  // Generated per run: the signatures below are made with it, as Stripe would with the endpoint's secret.
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    fake = await startFakeStripe();
    app = await buildConsoleApp(db(), { publicUrl: PUBLIC_URL, payments: { provider: 'stripe', stripe: { secretKey: 'sk_test_fake123', webhookSecret, apiBase: fake.url } } });
    orgId = (await createTestOrg(db())).org.id;
    billing = await createTestPerson(db(), 'billing');
    await addTestMember(db(), orgId, billing.user.id, 'billing_admin');
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  async function topUp(amount: string) {
    const res = await call(app, 'POST', `/api/orgs/${orgId}/billing/top-ups`, { auth: billing.auth, body: { amount_usd: amount } });
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json() as { id: string; checkout_url: string };
    const sessionId = [...fake.sessions.values()].find((s) => s.client_reference_id === payment.id)!.id;
    return { payment, sessionId };
  }

  function deliver(payload: string, signature: string | null, secret = webhookSecret) {
    const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return app.inject({ method: 'POST', url: '/webhooks/stripe', payload, headers: { 'content-type': 'application/json', ...(header === '' ? {} : { 'stripe-signature': header }) } });
  }

  const credits = async (paymentId: string) => (await listLedgerEntries(db(), orgId)).filter((e) => e.reference === paymentId);

  it('should create a Checkout Session and hand back its url', async () => {
    const { payment, sessionId } = await topUp('25.00');
    expect(payment).toMatchObject({ provider: 'stripe', status: 'pending', amount_usd: '25.00' });
    expect(payment.checkout_url).toBe(`${fake.url}/c/pay/${sessionId}`);
    const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.form.client_reference_id === payment.id)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers.authorization).toBe('Bearer sk_test_fake123');
    expect(sent.headers['idempotency-key']).toBe(`checkout-${payment.id}`);
    expect(sent.form).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '2500' } }],
      metadata: { payment_id: payment.id, org_id: orgId },
      success_url: `${PUBLIC_URL}/console/top-ups/${payment.id}?checkout=success`,
      cancel_url: `${PUBLIC_URL}/console/top-ups/${payment.id}?checkout=canceled`,
    });
  });

  it('should complete only on a correctly signed webhook, once, however often it is replayed', async () => {
    const { payment, sessionId } = await topUp('40.00');
    // The operator cannot complete a Stripe payment by hand.
    expect((await call(app, 'POST', `/api/payments/${payment.id}/confirm`, { auth: `Bearer ${TEST_ADMIN_TOKEN}` })).statusCode).toBe(409);
    const payload = fake.paidEvent(sessionId);

    const wrongSecret = await deliver(payload, null, `whsec_${randomBytes(24).toString('base64url')}`);
    expect([wrongSecret.statusCode, wrongSecret.json().error.code]).toEqual([400, 'invalid_webhook_signature']);
    expect((await deliver(payload, '')).statusCode).toBe(400);
    expect((await deliver(payload, 't=1,v1=deadbeef')).statusCode).toBe(400);
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    const forged = payload.replace('"amount_total":4000', '"amount_total":400000');
    expect(forged).not.toBe(payload);
    const tampered = await deliver(forged, signed);
    expect(tampered.statusCode).toBe(400);
    expect(await credits(payment.id)).toHaveLength(0);

    const ok = await deliver(payload, signed);
    expect([ok.statusCode, ok.json()]).toEqual([200, { received: true }]);
    const replay = await deliver(payload, signed);
    expect(replay.statusCode).toBe(200);
    // A second delivery of the same fact as a new event (Stripe may send duplicates) changes nothing either.
    expect((await deliver(fake.sessionEvent(sessionId, 'checkout.session.completed'), null)).statusCode).toBe(200);

    expect((await credits(payment.id)).map((e) => [e.kind, e.amountNano])).toEqual([['credit', 40_000_000_000n]]);
    const view = await call(app, 'GET', `/api/orgs/${orgId}/billing/payments/${payment.id}`, { auth: billing.auth });
    expect(view.json()).toMatchObject({ status: 'completed', checkout_url: null });
    expect(view.json().receipt_number).toMatch(/^R-\d{6}-\d{6}$/);
    const audit = await db().selectFrom('audit_log').select(['action', 'actor_kind']).where('target_id', '=', payment.id).where('action', '=', 'payment.complete').execute();
    expect(audit).toEqual([{ action: 'payment.complete', actor_kind: 'system' }]);
  });

  it('should ignore unpaid, unknown and foreign events with 200, and cancel on expiry', async () => {
    const { payment, sessionId } = await topUp('3.00');
    const before = await getOrgBalance(db(), orgId);
    expect((await deliver(fake.sessionEvent(sessionId, 'checkout.session.completed'), null)).statusCode).toBe(200); // still unpaid
    expect((await deliver(JSON.stringify({ id: 'evt_x', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } }), null)).statusCode).toBe(200);
    expect(await getOrgBalance(db(), orgId)).toBe(before);
    expect((await deliver(fake.sessionEvent(sessionId, 'checkout.session.expired'), null)).statusCode).toBe(200);
    const view = await call(app, 'GET', `/api/orgs/${orgId}/billing/payments/${payment.id}`, { auth: billing.auth });
    expect(view.json().status).toBe('canceled');
    // A late payment event for an expired session credits nothing.
    expect((await deliver(fake.paidEvent(sessionId), null)).statusCode).toBe(200);
    expect(await credits(payment.id)).toHaveLength(0);
  });

  it('should expire the Stripe session when a pending payment is canceled, and refuse once it was paid', async () => {
    const open = await topUp('8.00');
    const canceled = await call(app, 'POST', `/api/orgs/${orgId}/billing/payments/${open.payment.id}/cancel`, { auth: billing.auth });
    expect(canceled.json()).toMatchObject({ status: 'canceled' });
    expect(fake.sessions.get(open.sessionId)!.status).toBe('expired');

    const paid = await topUp('9.00');
    fake.paidEvent(paid.sessionId); // paid at Stripe, webhook not delivered yet
    const refused = await call(app, 'POST', `/api/orgs/${orgId}/billing/payments/${paid.payment.id}/cancel`, { auth: billing.auth });
    expect(refused.statusCode).toBe(409);
    expect((await call(app, 'GET', `/api/orgs/${orgId}/billing/payments/${paid.payment.id}`, { auth: billing.auth })).json().status).toBe('pending');
  });

  it('should answer 502 and store nothing when Stripe fails', async () => {
    const count = async () => Number((await db().selectFrom('payments').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    fake.failNext(500, 3);
    const res = await call(app, 'POST', `/api/orgs/${orgId}/billing/top-ups`, { auth: billing.auth, body: { amount_usd: '5.00' } });
    expect([res.statusCode, res.json().error.code]).toEqual([502, 'payment_provider_error']);
    expect(await count()).toBe(before);
    fake.failNext(500, 0);
  });
});
