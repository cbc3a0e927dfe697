import { sql, type Kysely } from 'kysely';

/** At most one refund per request: refunds reference `refund:<request id>`, unique among refunds. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('ledger_entries_refund_reference_uq')
    .unique()
    .on('ledger_entries')
    .column('reference')
    .where(sql.ref('kind'), '=', 'refund')
    .execute();
}

/** Drop the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ledger_entries_refund_reference_uq').execute();
}
