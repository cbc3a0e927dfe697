import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BalanceAlertEmail } from '../../billing/balance-alert-mailer.js';
import { insertLedgerEntry } from '../../billing/ledger-repository.js';
import { writeRequestLog } from '../../billing/request-log-writer.js';
import { UsageSettler } from '../../billing/usage-settler.js';
import { createRequestId } from '../../core/ids.js';
import { createUsage } from '../../protocol/ir/index.js';
import type { Database } from '../../store/schema.js';
import { addTestMember, buildConsoleApp, call, createTestOrg, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';

const USD = 1_000_000_000n;

async function spend(db: Kysely<Database>, orgId: string, projectId: string, costNano: bigint, at: number): Promise<void> {
  await writeRequestLog(db, [{
    id: createRequestId(), orgId, projectId, keyId: 'key_1', endpoint: 'chat.completions', modelRequested: 'm', modelResolved: 'm', providerId: 'sim', stream: false,
    status: 200, errorCode: null, latencyMs: 1, ttftMs: 1, usage: createUsage(10, 5), costNano, createdAt: at, ignoredParams: [],
  }]);
}

describeEachDialect('console billing balance and alerts', (ctx) => {
  let app: FastifyInstance;
  let owner: TestPerson;
  let billing: TestPerson;
  let auditor: TestPerson;
  let developer: TestPerson;
  let orgId: string;
  let projectId: string;
  const emails: BalanceAlertEmail[] = [];
  let settler: UsageSettler;
  const db = () => ctx.store().db;
  const notificationsOf = async (userId: string) =>
    (await db().selectFrom('notifications').select(['kind', 'title']).where('user_id', '=', userId).where('kind', 'like', 'billing.%').orderBy('created_at').orderBy('id').execute()).map((n) => n.kind);

  beforeAll(async () => {
    app = await buildConsoleApp(db(), { orgHeldNano: async (id) => (id === orgId ? 250_000_000n : 0n) });
    const created = await createTestOrg(db());
    orgId = created.org.id;
    projectId = created.project.id;
    owner = await createTestPerson(db(), 'owner');
    billing = await createTestPerson(db(), 'billing');
    auditor = await createTestPerson(db(), 'auditor');
    developer = await createTestPerson(db(), 'developer');
    await addTestMember(db(), orgId, owner.user.id, 'owner');
    await addTestMember(db(), orgId, billing.user.id, 'billing_admin');
    await addTestMember(db(), orgId, auditor.user.id, 'auditor');
    await addTestMember(db(), orgId, developer.user.id, 'developer');
    settler = new UsageSettler({ db: db(), intervalMs: 60_000, now: Date.now, onError: (e) => { throw e; }, alertMailer: async (m) => void emails.push(m) });
  });
  afterAll(async () => {
    await app.close();
  });

  it('should answer the balance, pending amount, open buckets in consumption order and alerts', async () => {
    const soon = Date.now() + 86_400_000;
    await insertLedgerEntry(db(), { orgId, kind: 'credit', amountNano: 10n * USD, note: 'invoice 1' });
    await insertLedgerEntry(db(), { orgId, kind: 'grant', amountNano: 2n * USD, expiresAt: soon });
    await spend(db(), orgId, projectId, 500_000_000n, Date.now());
    const res = await call(app, 'GET', `/api/orgs/${orgId}/billing/balance`, { auth: auditor.auth });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      org_id: orgId,
      balance_usd: '12.000000000',
      // 0.25 held in flight (the metering store) + 0.50 written but not settled.
      held_usd: '0.250000000',
      unsettled_usd: '0.500000000',
      pending_usd: '0.750000000',
      available_usd: '11.250000000',
      credit_buckets: [
        { id: expect.stringMatching(/^bkt_/), source: 'grant', amount_usd: '2.000000000', remaining_usd: '2.000000000', expires_at: new Date(soon).toISOString(), created_at: expect.any(String) },
        { id: expect.stringMatching(/^bkt_/), source: 'paid', amount_usd: '10.000000000', remaining_usd: '10.000000000', expires_at: null, created_at: expect.any(String) },
      ],
      alerts: { low_threshold_usd: null, critical_threshold_usd: null, low_triggered: false, critical_triggered: false },
    });
    await settler.runOnce();
    const settled = (await call(app, 'GET', `/api/orgs/${orgId}/billing/balance`, { auth: owner.auth })).json();
    expect(settled).toMatchObject({ balance_usd: '11.500000000', held_usd: '0.250000000', unsettled_usd: '0.000000000', pending_usd: '0.250000000', available_usd: '11.250000000' });
    expect(settled.credit_buckets.map((b: { remaining_usd: string }) => b.remaining_usd)).toEqual(['1.500000000', '10.000000000']);
    expect((await call(app, 'GET', `/api/orgs/${orgId}/billing/balance`, { auth: developer.auth })).statusCode).toBe(403);
  });

  it('should validate thresholds and audit the change', async () => {
    const bad = await call(app, 'PATCH', `/api/orgs/${orgId}/billing/alerts`, { auth: billing.auth, body: { lowThresholdUsd: '1.00', criticalThresholdUsd: '2.00' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'invalid_value', param: 'criticalThresholdUsd' });
    const twice = await call(app, 'PATCH', `/api/orgs/${orgId}/billing/alerts`, { auth: billing.auth, body: { lowThresholdUsd: '1.00', low_threshold_usd: '1.00' } });
    expect(twice.statusCode).toBe(400);
    expect((await call(app, 'PATCH', `/api/orgs/${orgId}/billing/alerts`, { auth: billing.auth, body: { lowThresholdUsd: '-1' } })).statusCode).toBe(400);
    expect((await call(app, 'PATCH', `/api/orgs/${orgId}/billing/alerts`, { auth: auditor.auth, body: { lowThresholdUsd: '1.00' } })).statusCode).toBe(403);
    const ok = await call(app, 'PATCH', `/api/orgs/${orgId}/billing/alerts`, { auth: billing.auth, body: { low_threshold_usd: '5.00', critical_threshold_usd: '1.00' } });
    expect(ok.json()).toEqual({ low_threshold_usd: '5.000000000', critical_threshold_usd: '1.000000000', low_triggered: false, critical_triggered: false });
    const audit = await db().selectFrom('audit_log').select(['action', 'after_json']).where('org_id', '=', orgId).where('action', '=', 'billing_alerts.update').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ low_threshold_usd: '5.000000000' });
  });

  it('should notify owners and billing admins once per crossing, not while still below, and again after recovery', async () => {
    // Balance 11.50; spend down to 4.50: below the low threshold (5.00), once.
    await spend(db(), orgId, projectId, 7n * USD, Date.now());
    await settler.runOnce();
    await spend(db(), orgId, projectId, 1n * USD, Date.now());
    await settler.runOnce();
    expect(await notificationsOf(owner.user.id)).toEqual(['billing.balance_low']);
    expect(await notificationsOf(billing.user.id)).toEqual(['billing.balance_low']);
    expect(await notificationsOf(auditor.user.id)).toEqual([]);
    // Down to 0.50: critical (1.00) now, low stays quiet.
    await spend(db(), orgId, projectId, 3n * USD, Date.now());
    await settler.runOnce();
    expect(await notificationsOf(owner.user.id)).toEqual(['billing.balance_low', 'billing.balance_critical']);
    expect((await call(app, 'GET', `/api/orgs/${orgId}/billing/balance`, { auth: owner.auth })).json().alerts).toMatchObject({ low_triggered: true, critical_triggered: true });
    // Recovery above both clears them; the next fall notifies again.
    await insertLedgerEntry(db(), { orgId, kind: 'credit', amountNano: 10n * USD });
    expect((await call(app, 'GET', `/api/orgs/${orgId}/billing/balance`, { auth: owner.auth })).json().alerts).toMatchObject({ low_triggered: false, critical_triggered: false });
    await spend(db(), orgId, projectId, 6n * USD, Date.now());
    await settler.runOnce();
    expect(await notificationsOf(owner.user.id)).toEqual(['billing.balance_low', 'billing.balance_critical', 'billing.balance_low']);
    const events = await db().selectFrom('webhook_events').select(['type', 'payload']).where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
    expect(events.map((e) => e.type)).toEqual(['billing.balance_low', 'billing.balance_critical', 'billing.balance_low']);
    expect(JSON.parse(events[0]!.payload).data).toEqual({ balance_usd: '4.500000000', threshold_usd: '5.000000000' });
    await settler.emailsSent();
    expect(emails.map((m) => [m.email, m.level]).sort()).toEqual([
      [billing.user.email, 'critical'], [billing.user.email, 'low'], [billing.user.email, 'low'],
      [owner.user.email, 'critical'], [owner.user.email, 'low'], [owner.user.email, 'low'],
    ].sort());
    expect(emails[0]!.subject).toMatch(/^Balance low/);
  });

  it('should evaluate new thresholds at once', async () => {
    // Balance 4.50, low triggered at 5.00. Raising the critical threshold above the balance notifies now.
    const res = await call(app, 'PATCH', `/api/orgs/${orgId}/billing/alerts`, { auth: owner.auth, body: { criticalThresholdUsd: '4.75' } });
    expect(res.json()).toMatchObject({ critical_threshold_usd: '4.750000000', low_triggered: true, critical_triggered: true });
    expect((await notificationsOf(owner.user.id)).at(-1)).toBe('billing.balance_critical');
    const off = await call(app, 'PATCH', `/api/orgs/${orgId}/billing/alerts`, { auth: owner.auth, body: { lowThresholdUsd: null, criticalThresholdUsd: null } });
    expect(off.json()).toEqual({ low_threshold_usd: null, critical_threshold_usd: null, low_triggered: false, critical_triggered: false });
  });
});
