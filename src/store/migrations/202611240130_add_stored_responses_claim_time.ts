import type { Kysely } from 'kysely';

/**
 * When a thread continuation claimed its message (`continue_claimed_at`), so that a claim left behind
 * by a process that died mid-request can be taken over instead of blocking the thread for ever.
 * Claims taken before this column existed have no time; they count as stale.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_responses').addColumn('continue_claimed_at', 'bigint').execute();
}

/** Drop the column. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('stored_responses').dropColumn('continue_claimed_at').execute();
}
