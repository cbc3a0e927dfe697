import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Store } from './database.js';
import { MIGRATIONS } from './migrations/index.js';

const BEFORE = '202611240130_add_stored_responses_claim_time';
const HOUR = 1_763_856_000_000;

/** Rollups settled before 202611240150 are folded over the end user into `usage_key_rollups`. */
describe('migration 202611240150_create_usage_key_rollups', () => {
  let store: Store;
  const migrator = () => new Migrator({ db: store.db, provider: { getMigrations: async () => ({ ...MIGRATIONS }) } });

  beforeAll(async () => {
    store = await openStore('sqlite::memory:');
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    await sql`INSERT INTO usage_rollups (org_id, hour, project_id, key_id, user_id, model, end_user, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano) VALUES
      ('org_1', ${HOUR}, 'proj_1', 'key_1', '', 'm', 'alice', 2, 20, 10, 1, 0, 300),
      ('org_1', ${HOUR}, 'proj_1', 'key_1', '', 'm', 'bob', 1, 10, 5, 0, 2, 9000000000000000),
      ('org_1', ${HOUR}, 'proj_1', 'key_1', '', 'n', 'bob', 1, 10, 5, 0, 0, 50),
      ('org_1', ${HOUR}, 'proj_1', '', 'usr_a', 'm', '', 4, 40, 20, 0, 0, 70)`.execute(store.db);
    expect((await migrator().migrateToLatest()).error).toBeUndefined();
  });
  afterAll(async () => store?.close());

  it('should hold the same sums per hour, key, person and model, without the end user', async () => {
    const rows = await sql<{ key_id: string; user_id: string; model: string; requests: number; input_tokens: number; cached_tokens: number; reasoning_tokens: number; cost_nano: string }>`
      SELECT key_id, user_id, model, requests, input_tokens, cached_tokens, reasoning_tokens, CAST(cost_nano AS TEXT) AS cost_nano FROM usage_key_rollups ORDER BY key_id, model`.execute(store.db);
    expect(rows.rows.map((r) => ({ ...r, requests: Number(r.requests), input_tokens: Number(r.input_tokens), cached_tokens: Number(r.cached_tokens), reasoning_tokens: Number(r.reasoning_tokens) }))).toEqual([
      { key_id: '', user_id: 'usr_a', model: 'm', requests: 4, input_tokens: 40, cached_tokens: 0, reasoning_tokens: 0, cost_nano: '70' },
      { key_id: 'key_1', user_id: '', model: 'm', requests: 3, input_tokens: 30, cached_tokens: 1, reasoning_tokens: 2, cost_nano: '9000000000000300' },
      { key_id: 'key_1', user_id: '', model: 'n', requests: 1, input_tokens: 10, cached_tokens: 0, reasoning_tokens: 0, cost_nano: '50' },
    ]);
  });

  it('should drop the table when rolled back', async () => {
    expect((await migrator().migrateTo(BEFORE)).error).toBeUndefined();
    await expect(sql`SELECT 1 FROM usage_key_rollups`.execute(store.db)).rejects.toThrow();
  });
});
