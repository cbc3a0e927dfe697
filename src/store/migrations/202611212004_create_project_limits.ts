import type { Kysely } from 'kysely';

/** Per-project rate limits and budget (stored here; enforced by the gateway's limits layer). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('project_limits')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('rpm', 'integer')
    .addColumn('tpm', 'integer')
    .addColumn('budget_nano', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** Drop project limits. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('project_limits').execute();
}
