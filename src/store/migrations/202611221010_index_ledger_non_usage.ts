import { sql, type Kysely } from 'kysely';

/**
 * Billing reports read the ledger's few non-usage entries (credits, grants, refunds, adjustments,
 * expiries) by time while usage comes from the rollups; a busy organization writes millions of usage
 * debits a month, so those reads need an index that leaves them out. Queries must spell the same
 * literal predicate (`kind <> 'usage'`) for SQLite to pick a partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ledger_entries_non_usage_idx')
    .on('ledger_entries')
    .columns(['org_id', 'created_at', 'id'])
    .where(sql.ref('kind'), '<>', 'usage')
    .execute();
}

/** Drop the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_non_usage_idx').execute();
}
