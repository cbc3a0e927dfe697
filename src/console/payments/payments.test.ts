import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getOrgBalance, listLedgerEntries } from '../../billing/ledger-repository.js';
import { runAdminCommand } from '../../cli/admin.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, TEST_ADMIN_TOKEN, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

const PUBLIC_URL = 'https://gw.example.test';
const OPERATOR = `Bearer ${TEST_ADMIN_TOKEN}`;

describeEachDialect('console payments (manual provider)', (ctx) => {
  let app: FastifyInstance;
  let orgId: string;
  let otherOrgId: string;
  let owner: TestPerson;
  let billing: TestPerson;
  let developer: TestPerson;
  let auditor: TestPerson;
  let viewer: TestPerson;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db(), { publicUrl: `${PUBLIC_URL}/`, payments: { provider: 'manual', manualInstructions: 'Wire to IBAN <DE00 1234> & quote the reference.' } });
    orgId = (await createTestOrg(db())).org.id;
    otherOrgId = (await createTestOrg(db())).org.id;
    owner = await createTestPerson(db(), 'owner');
    billing = await createTestPerson(db(), 'billing');
    developer = await createTestPerson(db(), 'developer');
    auditor = await createTestPerson(db(), 'auditor');
    viewer = await createTestPerson(db(), 'viewer');
    for (const [person, role] of [[owner, 'owner'], [billing, 'billing_admin'], [developer, 'developer'], [auditor, 'auditor'], [viewer, 'viewer']] as const) {
      await addTestMember(db(), orgId, person.user.id, role);
    }
    await addTestMember(db(), otherOrgId, (await createTestPerson(db(), 'other')).user.id, 'owner');
  });
  afterAll(async () => {
    await app.close();
  });

  async function topUp(amount: string, who: TestPerson = billing): Promise<string> {
    const res = await call(app, 'POST', `/api/orgs/${orgId}/billing/top-ups`, { auth: who.auth, body: { amount_usd: amount } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  it('should start a top-up, show its page, and credit the ledger once when the operator confirms', async () => {
    const created = await call(app, 'POST', `/api/orgs/${orgId}/billing/top-ups`, { auth: billing.auth, body: { amountUsd: '25.00' } });
    expect(created.statusCode).toBe(201);
    const payment = created.json();
    expect(payment).toMatchObject({ status: 'pending', amount_usd: '25.00', provider: 'manual', org_id: orgId, created_by: billing.user.id, receipt_number: null, completed_at: null, abilities: { read: true, cancel: true } });
    expect(payment.id).toMatch(/^pay_/);
    expect(payment.checkout_url).toBe(`${PUBLIC_URL}/console/top-ups/${payment.id}`);

    const page = await app.inject({ method: 'GET', url: new URL(payment.checkout_url).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('25.00 USD');
    expect(page.body).toContain(payment.id);
    expect(page.body).toContain('Wire to IBAN &lt;DE00 1234&gt; &amp; quote the reference.');
    expect(page.body).not.toContain('<DE00');

    // Members, even owners, cannot confirm; only the operator can.
    const byOwner = await call(app, 'POST', `/api/payments/${payment.id}/confirm`, { auth: owner.auth });
    expect(byOwner.statusCode).toBe(403);
    expect(await getOrgBalance(db(), orgId)).toBe(0n);

    const confirmed = await call(app, 'POST', `/api/payments/${payment.id}/confirm`, { auth: OPERATOR });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: payment.id, status: 'completed', checkout_url: null, abilities: { cancel: false } });
    expect(confirmed.json().receipt_number).toMatch(/^R-\d{6}-\d{6}$/);
    expect(confirmed.json().completed_at).not.toBeNull();

    const again = await call(app, 'POST', `/api/payments/${payment.id}/confirm`, { auth: OPERATOR });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');

    const credits = (await listLedgerEntries(db(), orgId)).filter((e) => e.reference === payment.id);
    expect(credits.map((e) => [e.kind, e.amountNano])).toEqual([['credit', 25_000_000_000n]]);
    expect(confirmed.json().ledger_entry_id).toBe(credits[0]!.id);
    expect(await getOrgBalance(db(), orgId)).toBe(25_000_000_000n);

    const events = await db().selectFrom('webhook_events').select(['type', 'payload', 'dedupe_key']).where('org_id', '=', orgId).execute();
    expect(events.map((e) => [e.type, e.dedupe_key])).toEqual([['billing.top_up_completed', `top_up:${payment.id}`]]);
    expect(JSON.parse(events[0]!.payload).data).toEqual({ payment_id: payment.id, amount_usd: '25.00', provider: 'manual', receipt_number: confirmed.json().receipt_number });
    const audit = await db().selectFrom('audit_log').select(['action', 'actor_kind']).where('target_id', '=', payment.id).orderBy('created_at').orderBy('id').execute();
    expect(audit).toEqual([{ action: 'payment.create', actor_kind: 'user' }, { action: 'payment.complete', actor_kind: 'operator' }]);

    const paid = await app.inject({ method: 'GET', url: `/console/top-ups/${payment.id}` });
    expect(paid.body).toContain('Paid and credited');
    expect(paid.body).toContain(confirmed.json().receipt_number);
    expect(paid.body).not.toContain('IBAN');

    const one = await call(app, 'GET', `/api/orgs/${orgId}/billing/payments/${payment.id}`, { auth: auditor.auth });
    expect(one.json()).toMatchObject({ status: 'completed', receipt_number: confirmed.json().receipt_number, abilities: { read: true, cancel: false } });
  });

  it('should refuse amounts that are not whole cents between 1.00 and 10000.00', async () => {
    const cases: [unknown, string, string][] = [
      [{ amount_usd: '0.99' }, 'invalid_value', 'amount_usd'],
      [{ amount_usd: '10000.01' }, 'invalid_value', 'amount_usd'],
      [{ amount_usd: '25.001' }, 'invalid_value', 'amount_usd'],
      [{ amount_usd: '-5.00' }, 'invalid_value', 'amount_usd'],
      [{ amount_usd: 25 }, 'invalid_value', 'amount_usd'],
      [{ amountUsd: '1e3' }, 'invalid_value', 'amountUsd'],
      [{}, 'missing_required_parameter', 'amount_usd'],
      [{ amount_usd: '5.00', amountUsd: '5.00' }, 'invalid_value', 'amountUsd'],
      [{ amount_usd: '5.00', currency: 'eur' }, 'unknown_field', 'currency'],
    ];
    for (const [body, code, param] of cases) {
      const res = await call(app, 'POST', `/api/orgs/${orgId}/billing/top-ups`, { auth: billing.auth, body });
      expect([res.statusCode, res.json().error.code, res.json().error.param], JSON.stringify(body)).toEqual([400, code, param]);
    }
    const edges = await Promise.all(['1.00', '10000.00', '7'].map((amount) => call(app, 'POST', `/api/orgs/${otherOrgId}/billing/top-ups`, { auth: OPERATOR, body: { amount_usd: amount } })));
    expect(edges.map((r) => [r.statusCode, r.json().amount_usd])).toEqual([[201, '1.00'], [201, '10000.00'], [201, '7.00']]);
  });

  it('should return the same payment for a retried Idempotency-Key, and refuse the key for another amount', async () => {
    const send = (key: string, amount: string) =>
      app.inject({ method: 'POST', url: `/api/orgs/${orgId}/billing/top-ups`, headers: { authorization: billing.auth, 'idempotency-key': key }, payload: { amount_usd: amount } });
    const key = `retry-${Date.now()}`;
    const results = await Promise.all([send(key, '15.00'), send(key, '15.00'), send(key, '15.00')]);
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(results.map((r) => r.json().id)).size).toBe(1);
    const stored = await db().selectFrom('payments').select('id').where('org_id', '=', orgId).where('idempotency_key', '=', key).execute();
    expect(stored).toHaveLength(1);
    const other = await send(key, '16.00');
    expect([other.statusCode, other.json().error.param]).toEqual([409, 'Idempotency-Key']);
    // The key is per organization.
    const elsewhere = await app.inject({ method: 'POST', url: `/api/orgs/${otherOrgId}/billing/top-ups`, headers: { authorization: OPERATOR, 'idempotency-key': key }, payload: { amount_usd: '15.00' } });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().id).not.toBe(results[0]!.json().id);
    expect((await send('x'.repeat(201), '15.00')).json().error).toMatchObject({ code: 'invalid_value', param: 'Idempotency-Key' });
  });

  it('should let owners and billing admins cancel a pending payment, which then cannot be confirmed', async () => {
    const id = await topUp('12.34');
    expect((await call(app, 'POST', `/api/orgs/${orgId}/billing/payments/${id}/cancel`, { auth: developer.auth })).statusCode).toBe(403);
    expect((await call(app, 'POST', `/api/orgs/${otherOrgId}/billing/payments/${id}/cancel`, { auth: OPERATOR })).statusCode).toBe(404);
    const canceled = await call(app, 'POST', `/api/orgs/${orgId}/billing/payments/${id}/cancel`, { auth: owner.auth });
    expect(canceled.json()).toMatchObject({ status: 'canceled', checkout_url: null, receipt_number: null });
    expect((await call(app, 'POST', `/api/orgs/${orgId}/billing/payments/${id}/cancel`, { auth: owner.auth })).statusCode).toBe(409);
    expect((await call(app, 'POST', `/api/payments/${id}/confirm`, { auth: OPERATOR })).statusCode).toBe(409);
    expect((await listLedgerEntries(db(), orgId)).some((e) => e.reference === id)).toBe(false);
    expect((await app.inject({ method: 'GET', url: `/console/top-ups/${id}` })).body).toContain('Canceled');
  });

  it('should list payments newest first with cursors and a status filter, for billing readers only', async () => {
    const listOrg = (await createTestOrg(db())).org.id;
    for (const [person, role] of [[owner, 'owner'], [auditor, 'auditor'], [viewer, 'viewer'], [developer, 'developer']] as const) await addTestMember(db(), listOrg, person.user.id, role);
    const start = async (amount: string) => (await call(app, 'POST', `/api/orgs/${listOrg}/billing/top-ups`, { auth: owner.auth, body: { amount_usd: amount } })).json().id as string;
    const ids = [await start('2.00'), await start('3.00'), await start('4.00'), await start('5.00')];
    await call(app, 'POST', `/api/payments/${ids[3]}/confirm`, { auth: OPERATOR });
    const first = await call(app, 'GET', `/api/orgs/${listOrg}/billing/payments?limit=2&status=pending`, { auth: auditor.auth });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[1]]);
    expect(first.json().data[0]).toMatchObject({ amount_usd: '4.00', checkout_url: `${PUBLIC_URL}/console/top-ups/${ids[2]}`, abilities: { read: true, cancel: false } });
    const second = await call(app, 'GET', `/api/orgs/${listOrg}/billing/payments?limit=2&status=pending&cursor=${first.json().next_cursor}`, { auth: auditor.auth });
    expect(second.json().data.map((p: { id: string }) => p.id)).toEqual([ids[0]]);
    expect(second.json().next_cursor).toBeNull();
    const all = await call(app, 'GET', `/api/orgs/${listOrg}/billing/payments`, { auth: owner.auth });
    expect(all.json().data.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([[ids[3], 'completed'], [ids[2], 'pending'], [ids[1], 'pending'], [ids[0], 'pending']]);
    expect(all.json().data[0].receipt_number).toMatch(/^R-\d{6}-\d{6}$/);
    expect((await call(app, 'GET', `/api/orgs/${listOrg}/billing/payments`, { auth: viewer.auth })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/orgs/${listOrg}/billing/payments`, { auth: developer.auth })).statusCode).toBe(403);
    expect((await call(app, 'GET', `/api/orgs/${otherOrgId}/billing/payments/${ids[0]}`, { auth: OPERATOR })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/console/top-ups/pay_doesnotexist' })).statusCode).toBe(404);
  });

  it('should credit once and issue distinct receipts when confirmations race', async () => {
    const ids = [await topUp('5.00'), await topUp('6.00'), await topUp('7.00')];
    const before = await getOrgBalance(db(), orgId);
    const results = await Promise.all(ids.flatMap((id) => [1, 2, 3].map(() => call(app, 'POST', `/api/payments/${id}/confirm`, { auth: OPERATOR }))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409, 409, 409, 409]);
    expect((await getOrgBalance(db(), orgId)) - before).toBe(18_000_000_000n);
    const receipts = results.filter((r) => r.statusCode === 200).map((r) => r.json().receipt_number as string);
    expect(new Set(receipts).size).toBe(3);
  });

  it('should confirm and list from the CLI, printing one JSON object', async () => {
    const id = await topUp('9.99');
    const run = async (args: string[]) => {
      let out = '';
      let err = '';
      const code = await runAdminCommand(args, { databaseUrl: ctx.url(), stdout: (s) => (out += s), stderr: (s) => (err += s) });
      return { code, out, err };
    };
    const confirmed = await run(['payment', 'confirm', '--id', id]);
    expect(confirmed.code, confirmed.err).toBe(0);
    expect(JSON.parse(confirmed.out)).toMatchObject({ id, orgId, status: 'completed', amountUsd: '9.99', provider: 'manual' });
    expect(JSON.parse(confirmed.out).receiptNumber).toMatch(/^R-\d{6}-\d{6}$/);
    const twice = await run(['payment', 'confirm', '--id', id]);
    expect(twice.code).toBe(1);
    expect(twice.err).toContain('already completed');
    expect((await listLedgerEntries(db(), orgId)).filter((e) => e.reference === id)).toHaveLength(1);
    expect((await run(['payment', 'confirm', '--id', 'pay_missing'])).code).toBe(1);
    const listed = await run(['payment', 'list', '--org', orgId, '--status', 'completed']);
    expect(listed.code).toBe(0);
    const payments = JSON.parse(listed.out).payments as { id: string; status: string }[];
    expect(payments[0]).toMatchObject({ id, status: 'completed' });
    expect(payments.every((p) => p.status === 'completed')).toBe(true);
    expect((await run(['payment', 'list'])).code).toBe(2);
  });
});
