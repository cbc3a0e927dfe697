import { sql, type Kysely } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { createRequestId } from '../core/ids.js';
import { createUsage } from '../protocol/ir/index.js';
import { parseMoney, sumMoneyText } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { createProject } from '../tenancy/project-repository.js';
import { readOrgSpendable } from './account-bases.js';
import { listOpenCreditBuckets } from './credit-buckets.js';
import { expireCreditBuckets } from './expire-credit-buckets.js';
import { getOrgBalance, insertLedgerEntry, listLedgerEntries } from './ledger-repository.js';
import { writeRequestLog } from './request-log-writer.js';
import { settleUsage } from './settle-usage.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 1);

/** Write one request's usage to the outbox (as the gateway does), at request time `at`. */
async function spend(db: Kysely<Database>, org: { orgId: string; projectId: string }, costNano: bigint, at: number): Promise<string> {
  const id = createRequestId();
  await writeRequestLog(db, [{
    id, orgId: org.orgId, projectId: org.projectId, keyId: 'key_1', endpoint: 'chat.completions', modelRequested: 'm', modelResolved: 'm', providerId: 'sim', stream: false,
    status: 200, errorCode: null, latencyMs: 1, ttftMs: 1, usage: createUsage(10, 5), costNano, createdAt: at, ignoredParams: [],
  }]);
  return id;
}

async function ledgerSum(db: Kysely<Database>, orgId: string): Promise<bigint> {
  const row = await db.selectFrom('ledger_entries').select(sumMoneyText('amount_nano').as('t')).where('org_id', '=', orgId).executeTakeFirstOrThrow();
  return parseMoney(row.t);
}

/** The invariants: checkpoint == SUM(ledger), and open (unexpired at `now`) buckets hold exactly max(0, balance). */
async function expectConsistent(db: Kysely<Database>, orgId: string, now: number): Promise<bigint> {
  const balance = await getOrgBalance(db, orgId);
  expect(balance).toBe(await ledgerSum(db, orgId));
  const open = await listOpenCreditBuckets(db, orgId);
  expect(open.every((b) => b.expiresAt === null || b.expiresAt > now)).toBe(true);
  expect(open.reduce((s, b) => s + b.remainingNano, 0n)).toBe(balance > 0n ? balance : 0n);
  return balance;
}

describeEachDialect('credit buckets and the balance checkpoint', (ctx) => {
  const db = () => ctx.store().db;
  async function freshOrg() {
    const orgId = (await createOrganization(db(), { name: 'Buckets' })).id;
    const projectId = (await createProject(db(), { orgId, name: 'p' })).id;
    return { orgId, projectId };
  }
  beforeAll(async () => {
    // Other suites' pending usage must not leak into these settlements.
    await settleUsage(db(), T0, 100_000);
  });

  it('should consume the soonest-expiring bucket first, never-expiring last (oldest first), and expire the rest once', async () => {
    const org = await freshOrg();
    const a = await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'credit', amountNano: 10_000n, now: T0, expiresAt: T0 + 100 * HOUR });
    await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'grant', amountNano: 5_000n, now: T0 + 1, expiresAt: T0 + 10 * HOUR });
    const d = await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'grant', amountNano: 2_000n, now: T0 + 2 });
    const c = await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'credit', amountNano: 3_000n, now: T0 + 3 });
    await spend(db(), org, 6_000n, T0 + HOUR);
    await settleUsage(db(), T0 + HOUR + 1_000);
    const open = await listOpenCreditBuckets(db(), org.orgId);
    expect(open.map((b) => [b.ledgerEntryId, b.source, b.amountNano, b.remainingNano])).toEqual([
      [a.id, 'paid', 10_000n, 9_000n],
      [d.id, 'grant', 2_000n, 2_000n],
      [c.id, 'paid', 3_000n, 3_000n],
    ]);
    expect(await expectConsistent(db(), org.orgId, T0 + HOUR + 1_000)).toBe(14_000n);

    // The clock moves past the paid bucket's expiry: its 9 000 leave the ledger as one expiry entry, once.
    const later = T0 + 200 * HOUR;
    const swept = await expireCreditBuckets(db(), later);
    expect(swept.entries).toBeGreaterThanOrEqual(1);
    expect(await expireCreditBuckets(db(), later + 1)).toMatchObject({ entries: 0 });
    const expiries = (await listLedgerEntries(db(), org.orgId)).filter((e) => e.kind === 'expiry');
    expect(expiries.map((e) => [e.amountNano, e.reference, e.createdAt])).toEqual([[-9_000n, open[0]!.id, T0 + 100 * HOUR]]);
    expect(await expectConsistent(db(), org.orgId, later)).toBe(5_000n);
    expect(await readOrgSpendable(db(), org.orgId)).toBe(5_000n);
  });

  it('should let usage from before an expiry consume the bucket even when settled after it', async () => {
    const org = await freshOrg();
    await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'grant', amountNano: 5_000n, now: T0, expiresAt: T0 + HOUR });
    await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'credit', amountNano: 1_000n, now: T0 });
    const requestId = await spend(db(), org, 3_000n, T0 + HOUR - 1);
    await settleUsage(db(), T0 + HOUR + 5_000);
    const entries = await listLedgerEntries(db(), org.orgId);
    // The debit is dated at the request, not at settlement.
    expect(entries.find((e) => e.reference === requestId)).toMatchObject({ kind: 'usage', amountNano: -3_000n, createdAt: T0 + HOUR - 1 });
    expect(entries.filter((e) => e.kind === 'expiry').map((e) => e.amountNano)).toEqual([-2_000n]);
    expect(await expectConsistent(db(), org.orgId, T0 + HOUR + 5_000)).toBe(1_000n);
  });

  it('should let a new credit cover a deficit first and open its bucket with the rest', async () => {
    const org = await freshOrg();
    await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'credit', amountNano: 1_000n, now: T0 });
    await spend(db(), org, 3_500n, T0 + 1);
    await settleUsage(db(), T0 + 2);
    expect(await expectConsistent(db(), org.orgId, T0 + 2)).toBe(-2_500n);
    // Smaller than the deficit: all of it covers the deficit, the bucket opens empty.
    await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'grant', amountNano: 1_000n, now: T0 + 3, expiresAt: T0 + HOUR });
    expect(await expectConsistent(db(), org.orgId, T0 + 3)).toBe(-1_500n);
    await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'credit', amountNano: 5_000n, now: T0 + 4 });
    const buckets = await db().selectFrom('credit_buckets').select(['source', sql<string>`CAST(remaining_nano AS TEXT)`.as('r')]).where('org_id', '=', org.orgId).orderBy('created_at').execute();
    expect(buckets.map((b) => [b.source, b.r])).toEqual([['paid', '0'], ['grant', '0'], ['paid', '3500']]);
    expect(await expectConsistent(db(), org.orgId, T0 + 4)).toBe(3_500n);
    // The empty grant bucket expiring takes nothing away.
    expect((await expireCreditBuckets(db(), T0 + 2 * HOUR)).totalNano).toBe(0n);
    expect(await expectConsistent(db(), org.orgId, T0 + 2 * HOUR)).toBe(3_500n);
  });

  it('should keep the invariants after a random sequence of credits, grants, usage, refunds, adjustments and expiries', async () => {
    const org = await freshOrg();
    // mulberry32: a small seeded generator, so a failure replays.
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return (((t ^ (t >>> 14)) >>> 0) % n);
    };
    let now = T0;
    for (let step = 0; step < 120; step++) {
      now += 1 + rand(3 * HOUR);
      const amount = BigInt(1 + rand(5_000));
      const op = rand(6);
      if (op === 0) await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'credit', amountNano: amount, now, expiresAt: rand(2) === 0 ? null : now + rand(20 * HOUR) });
      else if (op === 1) await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'grant', amountNano: amount, now, expiresAt: now + 1 + rand(10 * HOUR) });
      else if (op === 2) await insertLedgerEntry(db(), rand(2) === 0 ? { orgId: org.orgId, kind: 'refund', amountNano: amount, now } : { orgId: org.orgId, kind: 'adjustment', amountNano: rand(2) === 0 ? amount : -amount, now });
      else if (op === 3) await expireCreditBuckets(db(), now);
      else {
        // Usage settles a little after it happened, sometimes across an expiry.
        for (let i = rand(4); i >= 0; i--) await spend(db(), org, BigInt(1 + rand(3_000)), now - rand(60_000));
        await settleUsage(db(), now);
      }
      await expectConsistent(db(), org.orgId, now);
    }
    const kinds = new Set((await listLedgerEntries(db(), org.orgId, { limit: 10_000 })).map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['adjustment', 'credit', 'expiry', 'grant', 'refund', 'usage']);
  });

  it('should keep the checkpoint exact under concurrent settlements and credits', async () => {
    const orgs = [await freshOrg(), await freshOrg()];
    for (const org of orgs) await insertLedgerEntry(db(), { orgId: org.orgId, kind: 'credit', amountNano: 1_000_000n, now: T0 });
    let expected = 0n;
    for (let i = 0; i < 300; i++) {
      const cost = BigInt(1 + (i % 97));
      expected += cost;
      await spend(db(), orgs[i % 2]!, cost, T0 + i);
    }
    await Promise.all([
      settleUsage(db(), T0 + HOUR, 40), settleUsage(db(), T0 + HOUR, 40), settleUsage(db(), T0 + HOUR, 40), settleUsage(db(), T0 + HOUR, 40),
      insertLedgerEntry(db(), { orgId: orgs[0]!.orgId, kind: 'grant', amountNano: 7n, now: T0 + HOUR }),
      insertLedgerEntry(db(), { orgId: orgs[1]!.orgId, kind: 'grant', amountNano: 7n, now: T0 + HOUR }),
      settleUsage(db(), T0 + HOUR, 40), settleUsage(db(), T0 + HOUR, 40),
    ]);
    for (let left = 1; left > 0;) left = (await settleUsage(db(), T0 + HOUR, 40)).events;
    let balances = 0n;
    for (const org of orgs) balances += await expectConsistent(db(), org.orgId, T0 + HOUR);
    expect(balances).toBe(2_000_014n - expected);
  });
});
