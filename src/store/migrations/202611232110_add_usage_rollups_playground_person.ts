import { sql, type Kysely } from 'kysely';

const MEASURES = 'requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano';

/**
 * Playground requests have no key (their usage rolled up under key id ''), so usage grouped by
 * member or key could not say whose they were. The rollups gain `user_id`: the person who sent a
 * playground request ('' for key requests), part of the row's identity. SQLite cannot change a
 * primary key in place, so the table is rebuilt (both engines, the same way); playground rows
 * already rolled up are rebuilt per person from the settled usage events and their log rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, true);
  await sql`DELETE FROM usage_rollups WHERE key_id = ''`.execute(db);
  await sql`
    INSERT INTO usage_rollups (org_id, hour, project_id, key_id, user_id, model, end_user, ${sql.raw(MEASURES)})
    SELECT e.org_id, e.created_at - (e.created_at % 3600000), e.project_id, '', COALESCE(r.user_id, ''), e.model, COALESCE(r.end_user, ''),
           COUNT(*), SUM(e.input_tokens), SUM(e.output_tokens), SUM(COALESCE(r.cached_tokens, 0)), SUM(COALESCE(r.reasoning_tokens, 0)), SUM(e.cost_nano)
    FROM usage_events e LEFT JOIN request_log r ON r.id = e.id
    WHERE e.settled_at IS NOT NULL AND e.key_id = ''
    GROUP BY e.org_id, e.created_at - (e.created_at % 3600000), e.project_id, COALESCE(r.user_id, ''), e.model, COALESCE(r.end_user, '')`.execute(db);
}

/** Fold the people back into one key-less row per group, without `user_id`. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await rebuild(db, false);
}

async function rebuild(db: Kysely<unknown>, withPerson: boolean): Promise<void> {
  await db.schema.alterTable('usage_rollups').renameTo('usage_rollups_old').execute();
  await db.schema.dropIndex('usage_rollups_project_hour_idx').ifExists().execute();
  const identity = ['org_id', 'hour', 'project_id', 'key_id', ...(withPerson ? ['user_id'] : []), 'model', 'end_user'];
  let table = db.schema
    .createTable('usage_rollups')
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull());
  if (withPerson) table = table.addColumn('user_id', 'text', (c) => c.notNull().defaultTo(''));
  await table
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('end_user', 'text', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('input_tokens', 'bigint', (c) => c.notNull())
    .addColumn('output_tokens', 'bigint', (c) => c.notNull())
    .addColumn('cached_tokens', 'bigint', (c) => c.notNull())
    .addColumn('reasoning_tokens', 'bigint', (c) => c.notNull())
    .addColumn('cost_nano', 'bigint', (c) => c.notNull())
    // PostgreSQL keeps the old table's constraint name after the rename: the new one needs its own.
    .addPrimaryKeyConstraint(withPerson ? 'usage_rollups_person_pk' : 'usage_rollups_pk', identity as never)
    .execute();
  const sums = MEASURES.split(', ').map((c) => `SUM(${c})`).join(', ');
  const carried = 'org_id, hour, project_id, key_id, model, end_user';
  await sql`INSERT INTO usage_rollups (${sql.raw(carried)}, ${sql.raw(MEASURES)})
    SELECT ${sql.raw(carried)}, ${sql.raw(sums)} FROM usage_rollups_old GROUP BY ${sql.raw(carried)}`.execute(db);
  await db.schema.dropTable('usage_rollups_old').execute();
  await db.schema.createIndex('usage_rollups_project_hour_idx').on('usage_rollups').columns(['project_id', 'hour']).execute();
}
