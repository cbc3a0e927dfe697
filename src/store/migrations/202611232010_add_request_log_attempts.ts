import type { Kysely } from 'kysely';

/** The upstream attempts of a routed request (deployment, status, error, latency), as JSON. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').addColumn('attempts', 'text').execute();
}

/** Drop the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').dropColumn('attempts').execute();
}
