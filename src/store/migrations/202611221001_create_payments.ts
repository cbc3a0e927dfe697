import { sql, type Kysely } from 'kysely';

/**
 * Top-ups: one row per payment. `receipt_number` and the provider's reference are unique, so a
 * receipt is never issued twice and a Stripe session matches one payment; so is a client's
 * `Idempotency-Key` within an organization.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('pending', 'completed', 'canceled', 'failed')`))
    .addColumn('amount_nano', 'bigint', (c) => c.notNull())
    .addColumn('checkout_url', 'text', (c) => c.notNull())
    .addColumn('provider_ref', 'text', (c) => c.unique())
    .addColumn('created_by', 'text')
    .addColumn('idempotency_key', 'text')
    .addColumn('receipt_number', 'text', (c) => c.unique())
    .addColumn('ledger_entry_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('completed_at', 'bigint')
    .execute();
  await db.schema.createIndex('payments_org_created_idx').on('payments').columns(['org_id', 'created_at']).execute();
  // NULLs are distinct in both engines, so only requests that sent a key are constrained.
  await db.schema.createIndex('payments_org_idempotency_idx').on('payments').columns(['org_id', 'idempotency_key']).unique().execute();
}

/** Drop the payments table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payments').execute();
}
