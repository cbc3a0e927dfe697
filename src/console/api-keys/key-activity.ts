import { sql, type Kysely } from 'kysely';
import { parseMoney, sumMoneyText } from '../../store/money-column.js';
import type { Database } from '../../store/schema.js';

/** What a key did lately, for the key list. */
export interface KeyActivity {
  /** Arrival time of the key's newest billed request, ms, or null when it has none. */
  readonly lastUsedAt: number | null;
  /** Settled requests since the start of the UTC month. */
  readonly monthRequests: bigint;
  /** Settled cost since the start of the UTC month, nano-USD. */
  readonly monthCostNano: bigint;
}

const NONE: KeyActivity = Object.freeze({ lastUsedAt: null, monthRequests: 0n, monthCostNano: 0n });

/**
 * The activity of a page of keys in two statements whatever the page size (never one per key):
 * the newest usage event per key (a correlated MAX each, answered from `usage_events_key_created_idx`
 * with one index seek) and this month's settled sums from the hourly rollups per key and model.
 */
export async function readKeyActivity(db: Kysely<Database>, scope: { readonly orgId: string; readonly projectId: string }, keyIds: readonly string[], monthStart: number): Promise<(keyId: string) => KeyActivity> {
  if (keyIds.length === 0) return () => NONE;
  const [latest, sums] = await Promise.all([
    db
      .selectFrom('api_keys as k')
      .select(['k.id', sql<number | string | null>`(SELECT MAX(e.created_at) FROM usage_events e WHERE e.key_id = k.id)`.as('latest')])
      .where('k.id', 'in', keyIds)
      .execute(),
    db
      .selectFrom('usage_key_rollups as r')
      .select(['r.key_id', sumMoneyText('r.requests').as('requests'), sumMoneyText('r.cost_nano').as('cost')])
      .where('r.org_id', '=', scope.orgId)
      .where('r.project_id', '=', scope.projectId)
      .where('r.key_id', 'in', keyIds)
      .where('r.hour', '>=', monthStart)
      .groupBy('r.key_id')
      .execute(),
  ]);
  const byKey = new Map<string, { lastUsedAt: number | null; monthRequests: bigint; monthCostNano: bigint }>();
  for (const row of latest) byKey.set(row.id, { lastUsedAt: row.latest === null ? null : Number(row.latest), monthRequests: 0n, monthCostNano: 0n });
  for (const row of sums) {
    const entry = byKey.get(row.key_id);
    if (entry === undefined) continue;
    entry.monthRequests = parseMoney(row.requests);
    entry.monthCostNano = parseMoney(row.cost);
  }
  return (keyId) => byKey.get(keyId) ?? NONE;
}

/** Start of the UTC month holding `now`, ms. */
export function utcMonthStart(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}
