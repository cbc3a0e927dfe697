import { sql, type Kysely } from 'kysely';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';

/**
 * Add `deltaNano` to an organization's balance checkpoint (creating it at `deltaNano`) and return
 * the new balance. One upsert, relative to the stored value, so concurrent writers on PostgreSQL
 * never lose an update; it also locks the row until the transaction ends, which serializes every
 * ledger write of one organization (buckets and alerts are changed under that lock). Call inside
 * the transaction that appends the entries.
 */
export async function addToBalanceCheckpoint(trx: Kysely<Database>, orgId: string, deltaNano: bigint, now: number): Promise<bigint> {
  const row = await trx
    .insertInto('org_balances')
    .values({ org_id: orgId, balance_nano: deltaNano, updated_at: now })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({
      balance_nano: sql<bigint>`org_balances.balance_nano + excluded.balance_nano`,
      updated_at: sql<number>`excluded.updated_at`,
    }))
    .returning(moneyText('balance_nano').as('balance'))
    .executeTakeFirstOrThrow();
  return parseMoney(row.balance);
}

/** Lock an organization's checkpoint (as a ledger write does) and return its balance; for changes that must not interleave with ledger writes. */
export function lockBalanceCheckpoint(trx: Kysely<Database>, orgId: string, now: number): Promise<bigint> {
  return addToBalanceCheckpoint(trx, orgId, 0n, now);
}

/** An organization's balance from its checkpoint (0 when it never had an entry). */
export async function readBalanceCheckpoint(db: Kysely<Database>, orgId: string): Promise<bigint> {
  const row = await db.selectFrom('org_balances').select(moneyText('balance_nano').as('balance')).where('org_id', '=', orgId).executeTakeFirst();
  return row === undefined ? 0n : parseMoney(row.balance);
}
