import { sql, type Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import { appendLedgerEntries, type PreparedLedgerEntry } from './append-ledger-entries.js';
import type { BalanceCrossing } from './balance-alerts.js';
import { rollUpSettledUsage } from './usage-rollups.js';

/** What one settlement pass did. */
export interface SettleResult {
  /** Usage events marked settled. */
  readonly events: number;
  /** Ledger debits written (events of zero cost settle without one). */
  readonly debits: number;
  /** Total debited, nano-USD (positive). */
  readonly totalNano: bigint;
  /** Balance alert thresholds crossed (notified in the transaction; email them after commit). */
  readonly crossings: readonly BalanceCrossing[];
}

/** Ids per claim statement, below both engines' bind-parameter limits. */
const CLAIMS_PER_STATEMENT = 10_000;

/**
 * Turn up to `limit` pending usage events, oldest first, into ledger debits (one per event,
 * referenced by the request id), in one transaction. Idempotent: an event is claimed with
 * `UPDATE ... WHERE settled_at IS NULL`, so two settlers (two processes on PostgreSQL) never debit
 * the same event twice; the loser's update matches no row.
 *
 * A debit is dated at its request's time (the usage event's `created_at`), not at settlement, so
 * the ledger groups usage by the hour and month it happened, exactly as the hourly rollups written
 * in the same transaction do. Debits go through the ledger seam, which moves the balance
 * checkpoint, consumes credit buckets and evaluates balance alerts in this transaction too.
 */
export async function settleUsage(db: Kysely<Database>, now: number, limit = 500): Promise<SettleResult> {
  return db.transaction().execute(async (trx) => {
    // What the debits and the rollups need, read in one go (the rows do not change once written).
    const pending = await trx
      .selectFrom('usage_events as e')
      .leftJoin('request_log as r', 'r.id', 'e.id')
      .select(['e.id', 'e.org_id', 'e.project_id', 'e.key_id', 'e.model', 'e.created_at', 'e.input_tokens', 'e.output_tokens', 'r.cached_tokens', 'r.reasoning_tokens', 'r.end_user', 'r.user_id', 'r.tags'])
      .select(moneyText('e.cost_nano').as('cost'))
      .where('e.settled_at', 'is', null)
      .orderBy('e.created_at')
      .limit(limit)
      .execute();
    if (pending.length === 0) return { events: 0, debits: 0, totalNano: 0n, crossings: [] };
    const won = new Set<string>();
    for (let i = 0; i < pending.length; i += CLAIMS_PER_STATEMENT) {
      const rows = await trx
        .updateTable('usage_events')
        .set({ settled_at: now })
        .where('id', 'in', pending.slice(i, i + CLAIMS_PER_STATEMENT).map((p) => p.id))
        // `+settled_at` (a no-op on the value) keeps SQLite from planning the claim on the
        // settled_at index: without statistics it prefers that index for `IS NULL` and then checks
        // every pending event against the id list, so each batch of a pass rescanned the whole
        // backlog. The primary key finds the listed ids directly (PostgreSQL plans it so anyway).
        .where(sql<number | null>`+settled_at`, 'is', null)
        .returning('id')
        .execute();
      for (const row of rows) won.add(row.id);
    }
    const claimed = won.size === pending.length ? pending : pending.filter((e) => won.has(e.id));
    // Rollups change in the same transaction as the claim, so analytics and the ledger never disagree.
    await rollUpSettledUsage(trx, claimed);
    const debits: PreparedLedgerEntry[] = claimed
      .map((e) => ({ id: e.id, orgId: e.org_id, costNano: parseMoney(e.cost), requestedAt: Number(e.created_at) }))
      .filter((e) => e.costNano > 0n)
      .sort((a, b) => a.requestedAt - b.requestedAt || (a.id < b.id ? -1 : 1))
      .map((e) => ({
        id: createId('led', e.requestedAt),
        orgId: e.orgId,
        kind: 'usage',
        amountNano: -e.costNano,
        reference: e.id,
        note: null,
        createdAt: e.requestedAt,
        expiresAt: null,
      }));
    const appended = await appendLedgerEntries(trx, debits, now);
    const totalNano = debits.reduce((sum, d) => sum - d.amountNano, 0n);
    return { events: claimed.length, debits: debits.length, totalNano, crossings: appended.crossings };
  });
}
