import { expect, it } from 'vitest';
import { listOpenCreditBuckets } from '../billing/credit-buckets.js';
import { listLedgerEntries } from '../billing/ledger-repository.js';
import { describeEachDialect } from '../testing/dialects.js';
import { runAdminCommand } from './admin.js';

async function run(databaseUrl: string, argv: string[]): Promise<{ code: number; out: Record<string, unknown> | null; err: string }> {
  let stdout = '';
  let err = '';
  const code = await runAdminCommand(argv, { databaseUrl, stdout: (s) => (stdout += s), stderr: (s) => (err += s) });
  return { code, out: code === 0 ? (JSON.parse(stdout) as Record<string, unknown>) : null, err };
}

describeEachDialect('admin credit and grant', (ctx) => {
  it('should add paid credit and operator grants, with an optional expiry, as buckets usage consumes soonest-expiring first', async () => {
    const url = ctx.url();
    const org = (await run(url, ['org', 'create', '--name', 'Credits'])).out!;
    const orgId = String(org.id);
    const credit = await run(url, ['credit', '--org', orgId, '--amount', '10.00', '--note', 'invoice 9']);
    expect(credit.out).toEqual({ orgId, amountUsd: '10.00', balanceUsd: '10.00', entryId: expect.stringMatching(/^led_/) });
    const grant = await run(url, ['grant', '--org', orgId, '--amount', '2.50', '--expires', '2099-01-01T00:00:00Z']);
    expect(grant.out).toMatchObject({ amountUsd: '2.50', balanceUsd: '12.50', expiresAt: '2099-01-01T00:00:00.000Z' });
    const entries = await listLedgerEntries(ctx.store().db, orgId);
    expect(entries.map((e) => [e.kind, e.amountNano, e.note])).toEqual([['grant', 2_500_000_000n, null], ['credit', 10_000_000_000n, 'invoice 9']]);
    const buckets = await listOpenCreditBuckets(ctx.store().db, orgId);
    expect(buckets.map((b) => [b.source, b.remainingNano, b.expiresAt])).toEqual([['grant', 2_500_000_000n, Date.UTC(2099, 0, 1)], ['paid', 10_000_000_000n, null]]);
    const past = await run(url, ['grant', '--org', orgId, '--amount', '1', '--expires', '2001-01-01T00:00:00Z']);
    expect(past.code).toBe(2);
    expect(past.err).toMatch(/--expires must be in the future/);
  });
});
