import { sql, type Kysely } from 'kysely';

/**
 * Console settings of an organization, one row per organization. A separate table (not new columns
 * on `organizations`) so organizations created before the console existed simply have defaults.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_settings')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('slug', 'text', (c) => c.unique())
    .addColumn('personal', 'integer', (c) => c.notNull().defaultTo(0).check(sql`personal IN (0, 1)`))
    .addColumn('project_access', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('allowed_models', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('closed_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** Drop organization settings. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('org_settings').execute();
}
