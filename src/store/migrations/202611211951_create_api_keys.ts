import { sql, type Kysely } from 'kysely';

/** Inference API keys, looked up by secret hash and refreshed by `updated_at`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('prefix', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0).check(sql`disabled IN (0, 1)`))
    .addColumn('expires_at', 'bigint')
    .addColumn('allowed_models', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_updated_at_idx').on('api_keys').column('updated_at').execute();
  await db.schema.createIndex('api_keys_project_id_idx').on('api_keys').column('project_id').execute();
}

/** Drop the keys table. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
