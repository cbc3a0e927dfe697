import type { Kysely } from 'kysely';

/** The request parameters the gateway dropped (not recognised for the endpoint, or not supported by the model). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').addColumn('ignored_params', 'text').execute();
}

/** Drop the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').dropColumn('ignored_params').execute();
}
