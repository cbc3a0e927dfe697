import type { Kysely } from 'kysely';

/**
 * The retention sweep deletes stored responses (and message threads) oldest first, across every
 * project, `created_at < cutoff` a batch at a time. The `(project_id, created_at)` index cannot serve
 * that without a project, so each batch would scan the table; this one makes a batch read only the
 * rows it deletes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('stored_responses_created_idx').on('stored_responses').columns(['created_at']).execute();
}

/** Drop the index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('stored_responses_created_idx').execute();
}
