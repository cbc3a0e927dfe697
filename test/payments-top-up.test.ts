import { randomBytes } from 'node:crypto';
import OpenAI from 'openai';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listLedgerEntries } from '../src/billing/ledger-repository.js';
import { describeEachDialect } from '../src/testing/dialects.js';
import { startFakeStripe, type FakeStripe } from '../src/testing/fake-stripe.js';
import { METERING_CATALOGUE } from '../src/testing/metering-catalogue.js';
import { startTestGateway, type TestGateway } from '../src/testing/start-test-gateway.js';

const OPERATOR_TOKEN = `op-${randomBytes(12).toString('hex')}`;
const REFRESH_MS = 200;

/** A fresh organization with a key and no credit at all. */
async function brokeOrg(gw: TestGateway): Promise<{ orgId: string; client: OpenAI }> {
  const org = await gw.admin(['org', 'create', '--name', 'Broke']);
  const project = await gw.admin(['project', 'create', '--org', String(org.id), '--name', 'p']);
  const key = await gw.admin(['key', 'create', '--project', String(project.id)]);
  return { orgId: String(org.id), client: new OpenAI({ baseURL: gw.baseURL, apiKey: String(key.secret), maxRetries: 0 }) };
}

const ask = (client: OpenAI) => client.chat.completions.create({ model: 'test/pricey', messages: [{ role: 'user', content: 'hi' }], max_tokens: 5 });

async function expectRefused(client: OpenAI): Promise<void> {
  const refused = await ask(client).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(OpenAI.APIError);
  expect((refused as InstanceType<typeof OpenAI.APIError>).status).toBe(402);
  expect((refused as InstanceType<typeof OpenAI.APIError>).code).toBe('insufficient_balance');
}

/** Retry until a request is admitted; resolves to the ms it took. The balance refresh bounds it. */
async function waitUntilAdmitted(client: OpenAI, withinMs: number): Promise<number> {
  const start = Date.now();
  for (;;) {
    const result = await ask(client).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
    if (!(result instanceof Error)) {
      expect(result.choices[0]!.message.content).toBeTruthy();
      return Date.now() - start;
    }
    if (Date.now() - start > withinMs) throw result;
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function api(gw: TestGateway, method: string, path: string, init: { auth?: string; cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (init.auth) headers.authorization = init.auth;
  if (init.cookie) Object.assign(headers, { cookie: init.cookie, 'x-requested-with': 'XMLHttpRequest' });
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${gw.rootURL}/api${path}`, { method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
}

describeEachDialect('top-ups end to end (manual)', (ctx) => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway({ catalogue: METERING_CATALOGUE, databaseUrl: ctx.url(), serverEnv: { TF_BALANCE_REFRESH_MS: String(REFRESH_MS), TF_ADMIN_TOKEN: OPERATOR_TOKEN } });
  });
  afterAll(async () => gw?.close());

  it('should admit requests of an organization at zero again soon after the operator confirms its top-up', async () => {
    const { orgId, client } = await brokeOrg(gw);
    await expectRefused(client);

    // A billing admin signs in and starts a top-up.
    await gw.admin(['user', 'create', '--email', `billing-${orgId}@example.test`, '--password', 'correct horse battery', '--org', orgId, '--role', 'billing_admin']);
    const signIn = await fetch(`${gw.rootURL}/api/sign-in`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ email: `billing-${orgId}@example.test`, password: 'correct horse battery' }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('tf_session='))!.split(';')[0]!;
    const created = await api(gw, 'POST', `/orgs/${orgId}/billing/top-ups`, { cookie, body: { amountUsd: '10.00' } });
    expect(created.status).toBe(201);
    const payment = (await created.json()) as { id: string; checkout_url: string; status: string };
    expect(payment.status).toBe('pending');

    // The checkout page is served by the same process, outside /api.
    const page = await fetch(`${gw.rootURL}${new URL(payment.checkout_url).pathname}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('10.00 USD');
    expect(html).toContain(payment.id);

    // Still refused until the operator confirms.
    await expectRefused(client);
    expect((await api(gw, 'POST', `/payments/${payment.id}/confirm`, { cookie })).status).toBe(403);
    const confirmed = await api(gw, 'POST', `/payments/${payment.id}/confirm`, { auth: `Bearer ${OPERATOR_TOKEN}` });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { status: string }).status).toBe('completed');

    const waited = await waitUntilAdmitted(client, REFRESH_MS * 10);
    expect(waited).toBeLessThan(REFRESH_MS * 10);
    const credits = (await listLedgerEntries(gw.gateway.store.db, orgId)).filter((e) => e.kind === 'credit');
    expect(credits.map((e) => [e.reference, e.amountNano])).toEqual([[payment.id, 10_000_000_000n]]);
  });

  it('should do the same when the operator confirms from the CLI', async () => {
    const { orgId, client } = await brokeOrg(gw);
    await expectRefused(client);
    const created = await api(gw, 'POST', `/orgs/${orgId}/billing/top-ups`, { auth: `Bearer ${OPERATOR_TOKEN}`, body: { amount_usd: '5.00' } });
    const payment = (await created.json()) as { id: string };
    const confirmed = await gw.admin(['payment', 'confirm', '--id', payment.id]);
    expect(confirmed).toMatchObject({ id: payment.id, status: 'completed', amountUsd: '5.00' });
    await waitUntilAdmitted(client, REFRESH_MS * 10);
  });
});

describe('top-ups end to end (stripe)', () => {
  let gw: TestGateway;
  let fake: FakeStripe;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64url')}`;

  beforeAll(async () => {
    fake = await startFakeStripe();
    gw = await startTestGateway({
      catalogue: METERING_CATALOGUE,
      serverEnv: {
        TF_BALANCE_REFRESH_MS: String(REFRESH_MS), TF_ADMIN_TOKEN: OPERATOR_TOKEN, TF_PAYMENTS_PROVIDER: 'stripe',
        TF_STRIPE_SECRET_KEY: 'sk_test_e2e', TF_STRIPE_WEBHOOK_SECRET: webhookSecret, TF_STRIPE_API_BASE: fake.url,
      },
    });
  });
  afterAll(async () => {
    await gw?.close();
    await fake?.close();
  });

  it('should admit requests again after Stripe signs the checkout.session.completed webhook, crediting once', async () => {
    const { orgId, client } = await brokeOrg(gw);
    await expectRefused(client);
    const created = await api(gw, 'POST', `/orgs/${orgId}/billing/top-ups`, { auth: `Bearer ${OPERATOR_TOKEN}`, body: { amount_usd: '20.00' } });
    expect(created.status).toBe(201);
    const payment = (await created.json()) as { id: string; checkout_url: string };
    const session = [...fake.sessions.values()].find((s) => s.client_reference_id === payment.id)!;
    expect(payment.checkout_url).toBe(session.url);

    const payload = fake.paidEvent(session.id);
    const send = (body: string, signature: string) =>
      fetch(`${gw.rootURL}/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    // Re-serialised JSON (same meaning, other bytes) is not what was signed.
    expect((await send(JSON.stringify(JSON.parse(payload), null, 2), signature)).status).toBe(400);
    const [first, replay] = [await send(payload, signature), await send(payload, signature)];
    expect([first.status, replay.status]).toEqual([200, 200]);

    await waitUntilAdmitted(client, REFRESH_MS * 10);
    const credits = (await listLedgerEntries(gw.gateway.store.db, orgId)).filter((e) => e.kind === 'credit');
    expect(credits.map((e) => [e.reference, e.amountNano])).toEqual([[payment.id, 20_000_000_000n]]);
  });
});
