import { sql, type Kysely } from 'kysely';

/** The request log, keyed by request id; no foreign keys so it never blocks on tenancy changes. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('request_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text')
    .addColumn('project_id', 'text')
    .addColumn('key_id', 'text')
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('model_requested', 'text')
    .addColumn('model_resolved', 'text')
    .addColumn('provider_id', 'text')
    .addColumn('stream', 'integer', (c) => c.notNull().check(sql`stream IN (0, 1)`))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('error_code', 'text')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('ttft_ms', 'integer')
    .addColumn('input_tokens', 'integer', (c) => c.notNull())
    .addColumn('output_tokens', 'integer', (c) => c.notNull())
    .addColumn('cached_tokens', 'integer', (c) => c.notNull())
    .addColumn('reasoning_tokens', 'integer', (c) => c.notNull())
    .addColumn('usage_source', 'text', (c) => c.notNull())
    .addColumn('cost_nano', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('request_log_org_created_idx').on('request_log').columns(['org_id', 'created_at']).execute();
  await db.schema.createIndex('request_log_project_created_idx').on('request_log').columns(['project_id', 'created_at']).execute();
}

/** Drop the request log. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('request_log').execute();
}
