import type { Kysely } from 'kysely';

/** Organizations and their projects. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('projects')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_org_id_idx').on('projects').columns(['org_id', 'created_at']).execute();
}

/** Drop the tenancy tables. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('projects').execute();
  await db.schema.dropTable('organizations').execute();
}
