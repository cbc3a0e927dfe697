import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '../testing/dialects.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { getOrgBalance, hasLedgerReference, insertLedgerEntry, listLedgerEntries } from './ledger-repository.js';

describeEachDialect('ledger-repository', (ctx) => {
  let orgId: string;
  beforeAll(async () => {
    orgId = (await createOrganization(ctx.store().db, { name: 'Ledger' })).id;
  });

  it('should be zero for an organization without entries', async () => {
    const other = await createOrganization(ctx.store().db, { name: 'Empty' });
    expect(await getOrgBalance(ctx.store().db, other.id)).toBe(0n);
  });

  it('should sum signed entries exactly', async () => {
    const { db } = ctx.store();
    await insertLedgerEntry(db, { orgId, kind: 'credit', amountNano: 10_000_000_000n, reference: 'pay_1', now: 1 });
    await insertLedgerEntry(db, { orgId, kind: 'grant', amountNano: 2n ** 60n, now: 2 });
    await insertLedgerEntry(db, { orgId, kind: 'usage', amountNano: -123_450n, reference: 'req_1', now: 3 });
    await insertLedgerEntry(db, { orgId, kind: 'refund', amountNano: 450n, now: 4 });
    await insertLedgerEntry(db, { orgId, kind: 'adjustment', amountNano: -1n, note: 'rounding', now: 5 });
    expect(await getOrgBalance(db, orgId)).toBe(10_000_000_000n + 2n ** 60n - 123_450n + 450n - 1n);
  });

  it('should list entries newest first with exact amounts', async () => {
    const entries = await listLedgerEntries(ctx.store().db, orgId, { limit: 2 });
    expect(entries.map((e) => [e.kind, e.amountNano, e.note])).toEqual([
      ['adjustment', -1n, 'rounding'],
      ['refund', 450n, null],
    ]);
    expect(entries[0]!.id).toMatch(/^led_/);
  });

  it('should refuse zero amounts and amounts of the wrong sign', async () => {
    const { db } = ctx.store();
    await expect(insertLedgerEntry(db, { orgId, kind: 'credit', amountNano: -5n })).rejects.toThrow(/must be positive/);
    await expect(insertLedgerEntry(db, { orgId, kind: 'usage', amountNano: 5n })).rejects.toThrow(/must be negative/);
    await expect(insertLedgerEntry(db, { orgId, kind: 'adjustment', amountNano: 0n })).rejects.toThrow(/non-zero/);
  });

  it('should tell whether a reference was already booked', async () => {
    expect(await hasLedgerReference(ctx.store().db, orgId, 'pay_1')).toBe(true);
    expect(await hasLedgerReference(ctx.store().db, orgId, 'pay_2')).toBe(false);
  });
});
