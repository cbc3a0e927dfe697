import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

type Measure = 'requests' | 'input_tokens' | 'output_tokens' | 'cached_tokens' | 'reasoning_tokens' | 'cost_nano';

/** The summed measures every rollup row carries (BIGINT: sums of a busy month exceed 2^31). */
function withMeasures<T extends string, C extends string>(table: CreateTableBuilder<T, C>): CreateTableBuilder<T, C | Measure> {
  return table
    .addColumn('requests', 'bigint', (c) => c.notNull())
    .addColumn('input_tokens', 'bigint', (c) => c.notNull())
    .addColumn('output_tokens', 'bigint', (c) => c.notNull())
    .addColumn('cached_tokens', 'bigint', (c) => c.notNull())
    .addColumn('reasoning_tokens', 'bigint', (c) => c.notNull())
    .addColumn('cost_nano', 'bigint', (c) => c.notNull());
}

/**
 * Usage analytics: the end-user id and tags on the request log, and hourly rollups of settled usage
 * (one row per hour, project, key, model and end user; one per hour, project and tag) so that usage
 * reads never scan raw request rows. Dimension columns are NOT NULL ('' for none) so the unique
 * keys that the settler upserts on match in both engines (NULLs never conflict).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('request_log').addColumn('end_user', 'text').execute();
  await db.schema.alterTable('request_log').addColumn('tags', 'text').execute();
  await withMeasures(
    db.schema
      .createTable('usage_rollups')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('hour', 'bigint', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('key_id', 'text', (c) => c.notNull())
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('end_user', 'text', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('usage_rollups_pk', ['org_id', 'hour', 'project_id', 'key_id', 'model', 'end_user'])
    .execute();
  await db.schema.createIndex('usage_rollups_project_hour_idx').on('usage_rollups').columns(['project_id', 'hour']).execute();
  await withMeasures(
    db.schema
      .createTable('usage_tag_rollups')
      .addColumn('org_id', 'text', (c) => c.notNull())
      .addColumn('hour', 'bigint', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('tag_key', 'text', (c) => c.notNull())
      .addColumn('tag_value', 'text', (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint('usage_tag_rollups_pk', ['org_id', 'tag_key', 'hour', 'project_id', 'tag_value'])
    .execute();
  await db.schema.createIndex('usage_tag_rollups_project_idx').on('usage_tag_rollups').columns(['project_id', 'tag_key', 'hour']).execute();
  // Usage settled before this migration is rolled up once here (no end user or tags were recorded then);
  // from now on settlement adds each event as it settles.
  await sql`
    INSERT INTO usage_rollups (org_id, hour, project_id, key_id, model, end_user, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano)
    SELECT e.org_id, e.created_at - (e.created_at % 3600000), e.project_id, e.key_id, e.model, '', COUNT(*), SUM(e.input_tokens), SUM(e.output_tokens),
           SUM(COALESCE(r.cached_tokens, 0)), SUM(COALESCE(r.reasoning_tokens, 0)), SUM(e.cost_nano)
    FROM usage_events e LEFT JOIN request_log r ON r.id = e.id
    WHERE e.settled_at IS NOT NULL
    GROUP BY e.org_id, e.created_at - (e.created_at % 3600000), e.project_id, e.key_id, e.model`.execute(db);
}

/** Drop the rollups and the request-log columns. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_tag_rollups').execute();
  await db.schema.dropTable('usage_rollups').execute();
  await db.schema.alterTable('request_log').dropColumn('tags').execute();
  await db.schema.alterTable('request_log').dropColumn('end_user').execute();
}
