import type { Kysely } from 'kysely';

/**
 * Where a request came from (`api`: an inference key; `playground`: a person in the console, with
 * no key) and, for the playground, the person (`user_id`), so the request log says who spent it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').addColumn('source', 'text', (col) => col.notNull().defaultTo('api')).execute();
  await db.schema.alterTable('request_log').addColumn('user_id', 'text').execute();
}

/** Drop the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').dropColumn('user_id').execute();
  await db.schema.alterTable('request_log').dropColumn('source').execute();
}
