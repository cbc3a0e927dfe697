import { beforeAll, expect, it } from 'vitest';
import { createUsage } from '../protocol/ir/index.js';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { createProject } from '../tenancy/project-repository.js';
import { readOrgSpendable, readSpendSince, startOfUtcMonth } from './account-bases.js';
import { getOrgBalance, insertLedgerEntry, listLedgerEntries } from './ledger-repository.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { writeRequestLog } from './request-log-writer.js';
import { settleUsage } from './settle-usage.js';

function entry(id: string, orgId: string, projectId: string, costNano: bigint, createdAt: number): RequestLogEntry {
  return {
    id, orgId, projectId, keyId: 'key_1', endpoint: 'chat.completions', modelRequested: 'm', modelResolved: 'm', providerId: 'sim', stream: false,
    status: 200, errorCode: null, latencyMs: 1, ttftMs: 1, usage: createUsage(10, 5), costNano, createdAt, ignoredParams: [],
  };
}

describeEachDialect('settleUsage', (ctx) => {
  let orgId: string;
  let projectId: string;
  const now = Date.UTC(2026, 10, 21, 12);

  beforeAll(async () => {
    const db = ctx.store().db;
    orgId = (await createOrganization(db, { name: 'o' })).id;
    projectId = (await createProject(db, { orgId, name: 'p' })).id;
    await insertLedgerEntry(db, { orgId, kind: 'credit', amountNano: 1_000_000n });
  });

  it('should turn pending events into one debit each, leave spendable unchanged, and never debit twice', async () => {
    const db = ctx.store().db;
    await writeRequestLog(db, [entry('req_a', orgId, projectId, 300n, now), entry('req_b', orgId, projectId, 200n, now + 1), entry('req_z', orgId, projectId, 0n, now + 2)]);
    expect(await readOrgSpendable(db, orgId)).toBe(999_500n);
    // Two settlers racing (two processes): the claims are disjoint, so the sum is debited once.
    const results = await Promise.all([settleUsage(db, now + 10), settleUsage(db, now + 10), settleUsage(db, now + 10)]);
    expect(results.reduce((n, r) => n + r.events, 0)).toBe(3);
    expect(results.reduce((n, r) => n + r.totalNano, 0n)).toBe(500n);
    expect(await getOrgBalance(db, orgId)).toBe(999_500n);
    expect(await readOrgSpendable(db, orgId)).toBe(999_500n);
    const debits = (await listLedgerEntries(db, orgId)).filter((e) => e.kind === 'usage');
    expect(debits.map((d) => [d.reference, d.amountNano]).sort()).toEqual([['req_a', -300n], ['req_b', -200n]]);
    expect(await settleUsage(db, now + 20)).toEqual({ events: 0, debits: 0, totalNano: 0n, crossings: [] });
    // A retried batch of the same request ids changes nothing.
    await writeRequestLog(db, [entry('req_a', orgId, projectId, 300n, now)]);
    expect(await settleUsage(db, now + 30)).toMatchObject({ events: 0 });
    expect(await readSpendSince(db, 'project_id', projectId, startOfUtcMonth(now))).toBe(500n);
  });
});
