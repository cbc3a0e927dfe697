import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import { rollUpSettledUsage } from './usage-rollups.js';

/** What one settlement pass did. */
export interface SettleResult {
  /** Usage events marked settled. */
  readonly events: number;
  /** Ledger debits written (events of zero cost settle without one). */
  readonly debits: number;
  /** Total debited, nano-USD (positive). */
  readonly totalNano: bigint;
}

/**
 * Turn up to `limit` pending usage events, oldest first, into ledger debits (one per event,
 * referenced by the request id), in one transaction. Idempotent: an event is claimed with
 * `UPDATE ... WHERE settled_at IS NULL`, so two settlers (two processes on PostgreSQL) never debit
 * the same event twice; the loser's update matches no row.
 */
export async function settleUsage(db: Kysely<Database>, now: number, limit = 500): Promise<SettleResult> {
  return db.transaction().execute(async (trx) => {
    const pending = await trx.selectFrom('usage_events').select('id').where('settled_at', 'is', null).orderBy('created_at').limit(limit).execute();
    if (pending.length === 0) return { events: 0, debits: 0, totalNano: 0n };
    const claimed = await trx
      .updateTable('usage_events')
      .set({ settled_at: now })
      .where('id', 'in', pending.map((p) => p.id))
      .where('settled_at', 'is', null)
      .returning(['id', 'org_id', 'created_at', moneyText('cost_nano').as('cost')])
      .execute();
    // Rollups change in the same transaction as the claim, so analytics and the ledger never disagree.
    await rollUpSettledUsage(trx, claimed.map((e) => e.id));
    const debits = claimed
      .map((e) => ({ ...e, costNano: parseMoney(e.cost) }))
      .filter((e) => e.costNano > 0n)
      .map((e) => ({
        id: createId('led', now),
        org_id: e.org_id,
        kind: 'usage',
        amount_nano: -e.costNano,
        reference: e.id,
        note: null,
        created_at: now,
      }));
    for (let i = 0; i < debits.length; i += 500) await trx.insertInto('ledger_entries').values(debits.slice(i, i + 500)).execute();
    const totalNano = debits.reduce((sum, d) => sum - d.amount_nano, 0n);
    return { events: claimed.length, debits: debits.length, totalNano };
  });
}
