import type { Kysely } from 'kysely';

/**
 * Message threads (`/v1/messages` with `thread`) are stored responses that can be continued once:
 * `continued_by` is the request continuing one (set while in flight), `continued_at` when it finished.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_responses').addColumn('continued_by', 'text').execute();
  await db.schema.alterTable('stored_responses').addColumn('continued_at', 'bigint').execute();
}

/** Drop the columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_responses').dropColumn('continued_at').execute();
  await db.schema.alterTable('stored_responses').dropColumn('continued_by').execute();
}
