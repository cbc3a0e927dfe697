import { sql, type Kysely } from 'kysely';

/**
 * Indexes the metering reads need: an organization's unsettled usage (balance sync), a key's or
 * project's usage this month (budgets, `/v1/key`), and one usage debit per request id in the
 * ledger, so settlement stays idempotent even if two settlers raced past their claim.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('usage_events_org_settled_idx').on('usage_events').columns(['org_id', 'settled_at']).execute();
  await db.schema.createIndex('usage_events_key_created_idx').on('usage_events').columns(['key_id', 'created_at']).execute();
  await db.schema.createIndex('usage_events_project_created_idx').on('usage_events').columns(['project_id', 'created_at']).execute();
  await db.schema
    .createIndex('ledger_entries_usage_reference_uq')
    .unique()
    .on('ledger_entries')
    .column('reference')
    .where(sql.ref('kind'), '=', 'usage')
    .execute();
}

/** Drop the metering indexes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['ledger_entries_usage_reference_uq', 'usage_events_project_created_idx', 'usage_events_key_created_idx', 'usage_events_org_settled_idx']) {
    await db.schema.dropIndex(name).execute();
  }
}
