import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { createId } from '../core/ids.js';
import { down, up } from '../store/migrations/202611221000_create_credit_buckets.js';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { listOpenCreditBuckets } from './credit-buckets.js';
import { getOrgBalance } from './ledger-repository.js';

describeEachDialect('migration 202611221000 (balance checkpoint backfill)', (ctx) => {
  it('should carry existing ledgers over: checkpoint = sum, one bucket without expiry per positive balance', async () => {
    const db = ctx.store().db;
    const rich = (await createOrganization(db, { name: 'rich' })).id;
    const broke = (await createOrganization(db, { name: 'broke' })).id;
    // Recreate the migration's tables around a ledger written before it existed.
    await down(db as unknown as Kysely<unknown>);
    const row = (orgId: string, kind: string, amount: bigint, at: number) => ({ id: createId('led', at), org_id: orgId, kind, amount_nano: amount, reference: null, note: null, created_at: at });
    await db.insertInto('ledger_entries').values([
      row(rich, 'grant', 2n ** 60n, 1), row(rich, 'credit', 5_000n, 2), row(rich, 'usage', -1_234n, 3),
      row(broke, 'credit', 1_000n, 1), row(broke, 'usage', -1_500n, 2),
    ]).execute();
    await up(db as unknown as Kysely<unknown>);
    expect(await getOrgBalance(db, rich)).toBe(2n ** 60n + 3_766n);
    expect(await getOrgBalance(db, broke)).toBe(-500n);
    expect((await listOpenCreditBuckets(db, rich)).map((b) => [b.source, b.amountNano, b.remainingNano, b.expiresAt])).toEqual([['paid', 2n ** 60n + 3_766n, 2n ** 60n + 3_766n, null]]);
    expect(await listOpenCreditBuckets(db, broke)).toEqual([]);
  });
});
