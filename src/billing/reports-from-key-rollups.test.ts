import { sql, type SqlBool } from 'kysely';
import { expect, it } from 'vitest';
import { parseMoney, sumMoneyText } from '../store/money-column.js';
import { createTestOrg } from '../testing/console-fixture.js';
import { describeEachDialect } from '../testing/dialects.js';
import { readLedgerSummaryPage, readLedgerTotals, type SummaryPosition } from './ledger-summary.js';
import { buildStatement } from './statement.js';
import { rollUpSettledUsage, type SettledUsage } from './usage-rollups.js';

const HOUR = 3_600_000;
const OCT_25 = Date.UTC(2026, 9, 25);
const NOV_1 = Date.UTC(2026, 10, 1);
const DEC_1 = Date.UTC(2026, 11, 1);

/**
 * Settled usage spread over many end users, so that `usage_rollups` (per end user) and
 * `usage_key_rollups` (folded over it) differ in rows, across a month boundary, with groups whose
 * cost is zero (the ledger summary leaves those out).
 */
function events(orgId: string, projects: readonly string[]): SettledUsage[] {
  const out: SettledUsage[] = [];
  for (let n = 0; n < 900; n++) {
    out.push({
      org_id: orgId, project_id: projects[n % projects.length]!, key_id: `key_${n % 2}`, model: `m/${n % 4}`, created_at: OCT_25 + (n % 37) * 7 * HOUR + n,
      input_tokens: 10 + n, output_tokens: n % 13, cached_tokens: 0, reasoning_tokens: 0, end_user: `user_${n % 9}`, user_id: null, tags: null,
      cost: n % 4 === 3 ? '0' : String(1_000_003 * (n % 17) + n),
    });
  }
  return out;
}

/**
 * The billing reports read `usage_key_rollups`; before, they read `usage_rollups`. These compare each
 * report's usage figures with the same aggregate over `usage_rollups`, the old source.
 */
describeEachDialect('billing reports from the per-key rollups', (ctx) => {
  it('should give the statement, the ledger summary and its totals the figures usage_rollups gives', async () => {
    const db = ctx.store().db;
    const { org, project } = await createTestOrg(db);
    const projects = [project.id, 'proj_other_a', 'proj_other_b'];
    const all = events(org.id, projects);
    for (let i = 0; i < all.length; i += 100) await rollUpSettledUsage(db, all.slice(i, i + 100));
    const old = db.selectFrom('usage_rollups as r').where('r.org_id', '=', org.id);
    const [mainRows, keyRows] = await Promise.all(['usage_rollups', 'usage_key_rollups'].map(async (t) => Number((await sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql.table(t)}`.execute(db)).rows[0]!.n)));
    expect(keyRows).toBeLessThan(mainRows!);

    // Statement of November: usage by project and model, its total, and the opening balance (usage before it).
    const statement = await buildStatement(db, org.id, { year: 2026, month: 11 }, DEC_1 + HOUR);
    const grouped = async (column: 'project_id' | 'model') =>
      (await old.select([`r.${column} as key`, sumMoneyText('r.requests').as('requests'), sumMoneyText('r.cost_nano').as('cost')])
        .where('r.hour', '>=', NOV_1).where('r.hour', '<', DEC_1).groupBy(`r.${column}`).execute())
        .map((r) => ({ key: r.key, requests: parseMoney(r.requests), costNano: parseMoney(r.cost) }))
        .sort((a, b) => a.key.localeCompare(b.key));
    const mine = (list: readonly { key: string; requests: bigint; costNano: bigint }[]) => list.map(({ key, requests, costNano }) => ({ key, requests, costNano })).sort((a, b) => a.key.localeCompare(b.key));
    expect(mine(statement.usageByProject)).toEqual(await grouped('project_id'));
    expect(mine(statement.usageByModel)).toEqual(await grouped('model'));
    expect(statement.usageByModel.length).toBe(4);
    const before = await old.select(sumMoneyText('r.cost_nano').as('cost')).where('r.hour', '<', NOV_1).executeTakeFirstOrThrow();
    expect(statement.openingNano).toBe(-parseMoney(before.cost));
    expect(statement.openingNano).toBeLessThan(0n);

    // Ledger summary of both months, read in small pages: one usage row per hour, project and model.
    const range = { from: Date.UTC(2026, 9, 1), to: DEC_1 };
    const summary: unknown[] = [];
    let after: SummaryPosition | null = null;
    for (;;) {
      const page = await readLedgerSummaryPage(db, org.id, range, after, 7);
      summary.push(...page.map((r) => ({ time: r.time, projectId: r.projectId, model: r.model, amountNano: r.amountNano, requests: r.requests })));
      if (page.length < 7) break;
      after = page[page.length - 1]!.position;
    }
    const expected = (await old
      .select(['r.hour', 'r.project_id', 'r.model', sumMoneyText('r.cost_nano').as('cost'), sumMoneyText('r.requests').as('requests')])
      .where('r.hour', '>=', range.from).where('r.hour', '<', range.to)
      .groupBy(['r.hour', 'r.project_id', 'r.model'])
      .having(sql<SqlBool>`SUM(r.cost_nano) <> 0`)
      .orderBy('r.hour', 'desc').orderBy('r.project_id', 'desc').orderBy('r.model', 'desc')
      .execute())
      .map((r) => ({ time: Number(r.hour), projectId: r.project_id, model: r.model, amountNano: -parseMoney(r.cost), requests: parseMoney(r.requests) }));
    expect(summary).toEqual(expected);
    expect(summary.length).toBeGreaterThan(50);
    const totals = await readLedgerTotals(db, org.id, range);
    expect(totals.usage).toBe(expected.reduce((sum, r) => sum + r.amountNano, 0n));
  });
});
