import type { Kysely } from 'kysely';

/** The amount admission held for a request (its worst case), so the console can show where its money went. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').addColumn('hold_nano', 'bigint').execute();
}

/** Drop the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').dropColumn('hold_nano').execute();
}
