import type { Kysely } from 'kysely';

/** Time a request waited for a free upstream connection (a provider's `maxConnections`), ms. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').addColumn('upstream_wait_ms', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

/** Drop the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').dropColumn('upstream_wait_ms').execute();
}
