import { sql, type Kysely } from 'kysely';
import { createId } from '../../core/ids.js';

/**
 * The balance checkpoint (`org_balances`), credit buckets and balance alert settings. Existing
 * ledgers are carried over: each organization's checkpoint is the sum of its entries, and an
 * organization with a positive balance gets one bucket without expiry holding all of it (opened by
 * its latest positive entry), so `sum(open buckets) == max(0, balance)` holds from the start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_balances')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('balance_nano', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('credit_buckets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('ledger_entry_id', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('amount_nano', 'bigint', (c) => c.notNull())
    .addColumn('remaining_nano', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_buckets_org_idx').on('credit_buckets').columns(['org_id', 'remaining_nano']).execute();
  // The expiry sweep looks for due buckets across organizations.
  await db.schema.createIndex('credit_buckets_expires_idx').on('credit_buckets').columns(['expires_at']).execute();
  await db.schema
    .createTable('billing_alerts')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('low_threshold_nano', 'bigint')
    .addColumn('critical_threshold_nano', 'bigint')
    .addColumn('low_triggered', 'integer', (c) => c.notNull().check(sql`low_triggered IN (0, 1)`))
    .addColumn('critical_triggered', 'integer', (c) => c.notNull().check(sql`critical_triggered IN (0, 1)`))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One expiry entry per bucket (its reference), however often the sweep runs.
  await db.schema.createIndex('ledger_entries_expiry_reference_uq').unique().on('ledger_entries').column('reference').where(sql.ref('kind'), '=', 'expiry').execute();
  await backfill(db);
}

async function backfill(db: Kysely<unknown>): Promise<void> {
  const now = Date.now();
  const sums = await sql<{ org_id: string; total: string }>`
    SELECT org_id, CAST(SUM(amount_nano) AS TEXT) AS total FROM ledger_entries GROUP BY org_id`.execute(db);
  for (const row of sums.rows) {
    const total = BigInt(row.total);
    await sql`INSERT INTO org_balances (org_id, balance_nano, updated_at) VALUES (${row.org_id}, ${total}, ${now})`.execute(db);
    if (total <= 0n) continue;
    const latest = await sql<{ id: string; kind: string }>`
      SELECT id, kind FROM ledger_entries WHERE org_id = ${row.org_id} AND amount_nano > 0 ORDER BY created_at DESC, id DESC LIMIT 1`.execute(db);
    const entry = latest.rows[0];
    const source = entry?.kind === 'credit' ? 'paid' : (entry?.kind ?? 'adjustment');
    await sql`
      INSERT INTO credit_buckets (id, org_id, ledger_entry_id, source, amount_nano, remaining_nano, expires_at, created_at)
      VALUES (${createId('bkt', now)}, ${row.org_id}, ${entry?.id ?? 'migration'}, ${source}, ${total}, ${total}, ${null}, ${now})`.execute(db);
  }
}

/** Drop the checkpoint, buckets and alert settings. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_expiry_reference_uq').execute();
  await db.schema.dropTable('billing_alerts').execute();
  await db.schema.dropTable('credit_buckets').execute();
  await db.schema.dropTable('org_balances').execute();
}
