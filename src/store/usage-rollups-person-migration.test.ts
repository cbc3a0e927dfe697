import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './database.js';
import { MIGRATIONS } from './migrations/index.js';

const BEFORE = '202611232100_create_webhook_delivery_attempts';
const HOUR = 1_763_856_000_000;

/**
 * Playground usage settled before 202611232110 sat in one key-less rollup row per hour and model;
 * the migration rebuilds it per person from the usage events and their log rows, and keeps every
 * key row as it was.
 */
describe('migration 202611232110_add_usage_rollups_playground_person', () => {
  let store: Store;
  const migrator = () => new Migrator({ db: store.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    store = await openStore('sqlite::memory:');
    await sql`PRAGMA foreign_keys = OFF`.execute(store.db);
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    const event = (id: string, key: string, cost: number) => sql`
      INSERT INTO usage_events (id, org_id, project_id, key_id, model, cost_nano, input_tokens, output_tokens, usage_source, created_at, settled_at)
      VALUES (${id}, 'org_1', 'proj_1', ${key}, 'm', ${cost}, 10, 5, 'reported', ${HOUR + 60_000}, ${HOUR + 120_000})`;
    const log = (id: string, source: string, userId: string | null, key: string | null) => sql`
      INSERT INTO request_log (id, org_id, project_id, key_id, endpoint, stream, status, latency_ms, input_tokens, output_tokens, cached_tokens, reasoning_tokens, usage_source, cost_nano, created_at, source, user_id)
      VALUES (${id}, 'org_1', 'proj_1', ${key}, 'chat.completions', 0, 200, 10, 10, 5, 0, 0, 'reported', 0, ${HOUR + 60_000}, ${source}, ${userId})`;
    for (const [id, user, cost] of [['req_a1', 'usr_a', 100], ['req_a2', 'usr_a', 200], ['req_b1', 'usr_b', 400]] as const) {
      await event(id, '', cost).execute(store.db);
      await log(id, 'playground', user, null).execute(store.db);
    }
    await event('req_k1', 'key_1', 800).execute(store.db);
    await log('req_k1', 'api', null, 'key_1').execute(store.db);
    // What settlement had rolled up: every playground request in one row, the key's in another.
    await sql`INSERT INTO usage_rollups (org_id, hour, project_id, key_id, model, end_user, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano)
      VALUES ('org_1', ${HOUR}, 'proj_1', '', 'm', '', 3, 30, 15, 0, 0, 700), ('org_1', ${HOUR}, 'proj_1', 'key_1', 'm', '', 1, 10, 5, 0, 0, 800)`.execute(store.db);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
  });
  afterAll(async () => store?.close());

  it('should split the key-less rows per person and keep the key rows', async () => {
    const rows = await sql<{ key_id: string; user_id: string; requests: number; cost_nano: number }>`
      SELECT key_id, user_id, requests, cost_nano FROM usage_rollups ORDER BY key_id, user_id`.execute(store.db);
    expect(rows.rows.map((r) => ({ ...r, requests: Number(r.requests), cost_nano: Number(r.cost_nano) }))).toEqual([
      { key_id: '', user_id: 'usr_a', requests: 2, cost_nano: 300 },
      { key_id: '', user_id: 'usr_b', requests: 1, cost_nano: 400 },
      { key_id: 'key_1', user_id: '', requests: 1, cost_nano: 800 },
    ]);
  });

  it('should fold them back into one key-less row when rolled back', async () => {
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    const rows = await sql<{ key_id: string; requests: number; cost_nano: number }>`SELECT key_id, requests, cost_nano FROM usage_rollups ORDER BY key_id`.execute(store.db);
    expect(rows.rows.map((r) => ({ key_id: r.key_id, requests: Number(r.requests), cost_nano: Number(r.cost_nano) }))).toEqual([
      { key_id: '', requests: 3, cost_nano: 700 },
      { key_id: 'key_1', requests: 1, cost_nano: 800 },
    ]);
  });
});
