import type { Kysely } from 'kysely';

/** Stored `/v1/responses` answers (`store: true`), continued by `previous_response_id` within one project. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_responses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('conversation', 'text', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('stored_responses_project_created_idx').on('stored_responses').columns(['project_id', 'created_at']).execute();
}

/** Drop stored responses. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_responses').execute();
}
