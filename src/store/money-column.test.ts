import { expect, it } from 'vitest';
import { describeEachDialect } from '../testing/dialects.js';
import { moneyText, parseMoney, sumMoneyText } from './money-column.js';

const NEAR_INT64_MAX = 9_223_372_036_854_775_000n;

describeEachDialect('money columns', (ctx) => {
  it('should round-trip values near the BIGINT limits exactly', async () => {
    const { db } = ctx.store();
    await db.insertInto('organizations').values({ id: 'org_money', name: 'Money', created_at: 1 }).execute();
    const amounts = [NEAR_INT64_MAX, -NEAR_INT64_MAX, 2n ** 53n + 1n, -1n, 1n];
    await db
      .insertInto('ledger_entries')
      .values(amounts.map((a, i) => ({ id: `led_m${i}`, org_id: 'org_money', kind: 'adjustment', amount_nano: a, reference: null, note: null, created_at: i })))
      .execute();
    const rows = await db.selectFrom('ledger_entries').select(['id', moneyText('amount_nano').as('amount')]).where('org_id', '=', 'org_money').orderBy('created_at').execute();
    expect(rows.map((r) => parseMoney(r.amount))).toEqual(amounts);
  });

  it('should sum beyond 2^53 exactly', async () => {
    const { db } = ctx.store();
    await db.insertInto('organizations').values({ id: 'org_sum', name: 'Sum', created_at: 1 }).execute();
    const big = 2n ** 53n + 1n;
    await db
      .insertInto('ledger_entries')
      .values([1, 2, 3].map((i) => ({ id: `led_s${i}`, org_id: 'org_sum', kind: 'credit', amount_nano: big, reference: null, note: null, created_at: i })))
      .execute();
    const row = await db.selectFrom('ledger_entries').select(sumMoneyText('amount_nano').as('total')).where('org_id', '=', 'org_sum').executeTakeFirstOrThrow();
    expect(parseMoney(row.total)).toBe(3n * big);
    const empty = await db.selectFrom('ledger_entries').select(sumMoneyText('amount_nano').as('total')).where('org_id', '=', 'org_none').executeTakeFirstOrThrow();
    expect(parseMoney(empty.total)).toBe(0n);
  });

  it('should refuse text that is not an integer', () => {
    expect(() => parseMoney('1.5e3')).toThrow(TypeError);
  });
});
