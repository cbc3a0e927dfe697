import type { Kysely } from 'kysely';

/** Model aliases of an organization or of one project; `updated_at` lets gateways refresh changes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('model_aliases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('project_id', 'text', (c) => c.references('projects.id'))
    .addColumn('scope_key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // scope_key is the org id or the project id: one name per scope, without NULL-in-unique quirks.
    .addUniqueConstraint('model_aliases_scope_name_uq', ['scope_key', 'name'])
    .execute();
  await db.schema.createIndex('model_aliases_updated_idx').on('model_aliases').column('updated_at').execute();
}

/** Drop aliases. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('model_aliases').execute();
}
