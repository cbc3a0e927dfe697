import { sql, type Kysely } from 'kysely';
import { parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';

/** Midnight UTC on the first day of the month containing `ms`. */
export function startOfUtcMonth(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/**
 * What an organization may still spend according to the store: its ledger balance (the
 * `org_balances` checkpoint, never a sum of the ledger) minus usage written to the outbox but not
 * yet settled into ledger debits. One statement, so it reads one snapshot; settlement moves cost
 * from one term to the other (checkpoint included, same transaction) and leaves the result unchanged.
 */
export async function readOrgSpendable(db: Kysely<Database>, orgId: string): Promise<bigint> {
  const result = await sql<{ total: string }>`
    SELECT CAST(
      COALESCE((SELECT balance_nano FROM org_balances WHERE org_id = ${orgId}), 0)
      - (SELECT COALESCE(SUM(cost_nano), 0) FROM usage_events WHERE org_id = ${orgId} AND settled_at IS NULL)
    AS TEXT) AS total`.execute(db);
  return parseMoney(result.rows[0]!.total);
}

/** Usage written to the outbox and not yet settled into ledger debits, nano-USD (the balance's pending part). */
export async function readOrgUnsettledUsage(db: Kysely<Database>, orgId: string): Promise<bigint> {
  const result = await sql<{ total: string }>`
    SELECT CAST(COALESCE(SUM(cost_nano), 0) AS TEXT) AS total FROM usage_events WHERE org_id = ${orgId} AND settled_at IS NULL`.execute(db);
  return parseMoney(result.rows[0]!.total);
}

/** Usage written for a key or project since `sinceMs` (settled or not), nano-USD. */
export async function readSpendSince(db: Kysely<Database>, scope: 'key_id' | 'project_id', id: string, sinceMs: number): Promise<bigint> {
  const result = await sql<{ total: string }>`
    SELECT CAST(COALESCE(SUM(cost_nano), 0) AS TEXT) AS total FROM usage_events
    WHERE ${sql.ref(scope)} = ${id} AND created_at >= ${sinceMs}`.execute(db);
  return parseMoney(result.rows[0]!.total);
}
