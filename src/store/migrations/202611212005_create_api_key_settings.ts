import type { Kysely } from 'kysely';

/**
 * Console-side facts about an inference key: its budget and soft deletion. Kept beside `api_keys`
 * so the gateway's key table stays as it is; a deleted key is also `disabled` there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_key_settings')
    .addColumn('key_id', 'text', (c) => c.primaryKey().references('api_keys.id'))
    .addColumn('budget_nano', 'bigint')
    .addColumn('created_by', 'text')
    .addColumn('deleted_at', 'bigint')
    .execute();
}

/** Drop key settings. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_key_settings').execute();
}
