import { expect, it } from 'vitest';
import { createUsage } from '../protocol/ir/index.js';
import { moneyText, parseMoney } from '../store/money-column.js';
import { createTestKey, createTestOrg } from '../testing/console-fixture.js';
import { describeEachDialect } from '../testing/dialects.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { insertRequestLogRows } from './request-log-repository.js';
import { settleUsage } from './settle-usage.js';
import { insertUsageEvents } from './usage-event-repository.js';
import { HOUR_MS } from './usage-rollups.js';

const HOUR = Date.UTC(2026, 10, 21, 12);

interface Scope { readonly orgId: string; readonly projectId: string; readonly keys: readonly string[] }

function entry(scope: Scope, n: number): RequestLogEntry {
  return {
    id: `req_roll${n}`, orgId: scope.orgId, projectId: scope.projectId, keyId: scope.keys[n % 2]!, endpoint: 'chat.completions', modelRequested: 'm', modelResolved: 'm',
    providerId: 'sim', stream: false, status: 200, errorCode: null, latencyMs: 1, ttftMs: 1, usage: createUsage(10 + n, 5, { cacheRead: 2, reasoning: 1 }),
    costNano: 1_000_000_000_000n + BigInt(n), createdAt: HOUR + (n % 3) * HOUR_MS + n, ignoredParams: [], user: n % 2 === 0 ? 'u' : null, tags: n % 4 === 0 ? { team: 'a,"b"' } : {},
  };
}

describeEachDialect('usage rollups', (ctx) => {
  it('should roll each settled event up exactly once, even with racing settlers, with exact sums', async () => {
    const db = ctx.store().db;
    const { org, project } = await createTestOrg(db);
    const keys = [(await createTestKey(db, org.id, project.id)).key.id, (await createTestKey(db, org.id, project.id)).key.id];
    const entries = Array.from({ length: 60 }, (_, n) => entry({ orgId: org.id, projectId: project.id, keys }, n));
    await insertRequestLogRows(db, entries);
    await insertUsageEvents(db, entries);
    // Small passes and three racing settlers: every hour row is upserted several times.
    await Promise.all([0, 1, 2].map(async () => {
      while ((await settleUsage(db, HOUR + 10 * HOUR_MS, 7)).events > 0);
    }));
    const rows = await db
      .selectFrom('usage_rollups')
      .select(['hour', 'key_id', 'end_user', moneyText('requests').as('requests'), moneyText('input_tokens').as('input'), moneyText('cached_tokens').as('cached'), moneyText('cost_nano').as('cost')])
      .where('org_id', '=', org.id)
      .execute();
    expect(rows).toHaveLength(3 * 2);
    expect(rows.reduce((s, r) => s + parseMoney(r.requests), 0n)).toBe(60n);
    expect(rows.reduce((s, r) => s + parseMoney(r.input), 0n)).toBe(BigInt(entries.reduce((s, e) => s + e.usage!.input.total, 0)));
    expect(rows.reduce((s, r) => s + parseMoney(r.cached), 0n)).toBe(120n);
    expect(rows.reduce((s, r) => s + parseMoney(r.cost), 0n)).toBe(entries.reduce((s, e) => s + e.costNano, 0n));
    expect(new Set(rows.map((r) => Number(r.hour) % HOUR_MS))).toEqual(new Set([0]));
    expect(new Set(rows.map((r) => r.end_user))).toEqual(new Set(['u', '']));
    // The rollups without the end user hold the same sums per hour, key and model.
    const perKey = await db
      .selectFrom('usage_key_rollups')
      .select(['hour', 'key_id', moneyText('requests').as('requests'), moneyText('input_tokens').as('input'), moneyText('cost_nano').as('cost')])
      .where('org_id', '=', org.id)
      .execute();
    const fold = (list: readonly { hour: unknown; key_id: string; requests: string; input: string; cost: string }[]) =>
      Object.fromEntries([...list].map((r) => [`${String(r.hour)}|${r.key_id}`, `${r.requests}|${r.input}|${r.cost}`]).sort());
    expect(perKey).toHaveLength(3 * 2);
    expect(fold(perKey)).toEqual(fold(rows));
    const tagged = await db.selectFrom('usage_tag_rollups').select(['tag_key', 'tag_value', moneyText('requests').as('requests')]).where('org_id', '=', org.id).execute();
    expect(tagged.every((t) => t.tag_key === 'team' && t.tag_value === 'a,"b"')).toBe(true);
    expect(tagged.reduce((s, t) => s + parseMoney(t.requests), 0n)).toBe(15n);
  });
});
