import type { Kysely } from 'kysely';

/** Organization and project memberships (roles) and pending invites. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('org_memberships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('org_memberships_org_user_uq', ['org_id', 'user_id'])
    .execute();
  await db.schema.createIndex('org_memberships_user_idx').on('org_memberships').column('user_id').execute();
  await db.schema
    .createTable('project_memberships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('project_memberships_project_user_uq', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('project_memberships_user_idx').on('project_memberships').columns(['user_id', 'org_id']).execute();
  await db.schema
    .createTable('invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('invites_org_idx').on('invites').columns(['org_id', 'created_at']).execute();
}

/** Drop memberships and invites. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invites').execute();
  await db.schema.dropTable('project_memberships').execute();
  await db.schema.dropTable('org_memberships').execute();
}
