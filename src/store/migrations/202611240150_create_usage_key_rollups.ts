import { sql, type Kysely } from 'kysely';

const MEASURES = 'requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano';
const IDENTITY = 'org_id, hour, project_id, key_id, user_id, model';

/**
 * Usage reads that do not group by end user (the usage report by model, key, member or project, a
 * key's month usage) summed `usage_rollups`, which holds a row per end user and hour: ~290,000 rows
 * for a month of a busy project, 250-400 ms of SQLite CPU per read. `usage_key_rollups` holds the
 * same sums without the end user (~57,000 rows there, 20-40 ms). Settlement writes both in one
 * transaction; existing rollups are folded in here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('usage_key_rollups')
    .addColumn('org_id', 'text', (c) => c.notNull())
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('input_tokens', 'bigint', (c) => c.notNull())
    .addColumn('output_tokens', 'bigint', (c) => c.notNull())
    .addColumn('cached_tokens', 'bigint', (c) => c.notNull())
    .addColumn('reasoning_tokens', 'bigint', (c) => c.notNull())
    .addColumn('cost_nano', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('usage_key_rollups_pk', IDENTITY.split(', ') as never)
    .execute();
  await db.schema.createIndex('usage_key_rollups_project_hour_idx').on('usage_key_rollups').columns(['project_id', 'hour']).execute();
  const sums = MEASURES.split(', ').map((c) => `SUM(${c})`).join(', ');
  await sql`INSERT INTO usage_key_rollups (${sql.raw(IDENTITY)}, ${sql.raw(MEASURES)})
    SELECT ${sql.raw(IDENTITY)}, ${sql.raw(sums)} FROM usage_rollups GROUP BY ${sql.raw(IDENTITY)}`.execute(db);
}

/** Drop the table (the reads fall back to `usage_rollups` in the code of before). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_key_rollups').execute();
}
