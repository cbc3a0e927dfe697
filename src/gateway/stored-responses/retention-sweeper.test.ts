import { sql } from 'kysely';
import { afterEach, expect, it, vi } from 'vitest';
import { openStore } from '../../store/database.js';
import { describeEachDialect, type DialectTestContext } from '../../testing/dialects.js';
import { createMemoryResponseStore, type ResponseStore, type StoredResponse } from './response-store.js';
import { RetentionSweeper } from './retention-sweeper.js';
import { createSqlResponseStore } from './sql-response-store.js';

const DAY = 86_400_000;
/** The tests' clock: responses older than `NOW - RETENTION` have expired. */
const NOW = 100 * DAY;
const RETENTION = 30 * DAY;

const row = (id: string, createdAt: number): StoredResponse => ({
  id, orgId: 'org_a', projectId: 'proj_a', keyId: null, model: 'm', conversation: [{ role: 'user', content: `hello ${id}` }], response: { object: 'response', id }, createdAt,
});

/** Store `count` rows `prefix_0…` created at `createdAt` in one statement. */
async function seed(ctx: DialectTestContext, prefix: string, count: number, createdAt: number): Promise<void> {
  const values = Array.from({ length: count }, (_, i) => ({
    id: `${prefix}_${i}`, org_id: 'org_a', project_id: 'proj_a', key_id: null, model: 'm', conversation: '[]', response: '{}', created_at: createdAt + i,
  }));
  for (let i = 0; i < values.length; i += 500) await ctx.store().db.insertInto('stored_responses').values(values.slice(i, i + 500)).execute();
}

async function ids(ctx: DialectTestContext): Promise<string[]> {
  const rows = await ctx.store().db.selectFrom('stored_responses').select('id').orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** The store, recording what each delete batch returned. */
function counting(store: ResponseStore): { store: ResponseStore; batches: number[] } {
  const batches: number[] = [];
  return {
    batches,
    store: { ...store, deleteCreatedBefore: async (before, limit) => {
      const deleted = await store.deleteCreatedBefore(before, limit);
      batches.push(deleted);
      return deleted;
    } },
  };
}

describeEachDialect('stored responses: retention', (ctx) => {
  afterEach(async () => {
    await sql`DELETE FROM stored_responses`.execute(ctx.store().db);
  });

  it('should delete responses older than the retention in batches, keep fresh ones, and end at the first short batch', async () => {
    await seed(ctx, 'old', 450, NOW - RETENTION - 450 - 1);
    await seed(ctx, 'new', 3, NOW - RETENTION);
    const { store, batches } = counting(createSqlResponseStore(ctx.store().db, { dialect: ctx.store().dialect }));
    const sweeper = new RetentionSweeper({ store, retentionMs: RETENTION, now: () => NOW, batchSize: 200 });
    expect(await sweeper.runOnce()).toBe(450);
    expect(batches).toEqual([200, 200, 50]);
    expect(await ids(ctx)).toEqual(['new_0', 'new_1', 'new_2']);
    // Nothing left: one empty batch, and the pass is over.
    expect(await sweeper.runOnce()).toBe(0);
    expect(batches).toEqual([200, 200, 50, 0]);
  });

  it('should end a pass whose last full batch took the last expired rows', async () => {
    await seed(ctx, 'old', 400, 0);
    const { store, batches } = counting(createSqlResponseStore(ctx.store().db, { dialect: ctx.store().dialect }));
    expect(await new RetentionSweeper({ store, retentionMs: RETENTION, now: () => NOW, batchSize: 200 }).runOnce()).toBe(400);
    expect(batches).toEqual([200, 200, 0]);
  });

  it('should count each row once when two processes sweep at the same time', async () => {
    await seed(ctx, 'old', 1_200, 0);
    await seed(ctx, 'new', 5, NOW);
    // A second pool on the same database, as a second gateway process would have.
    const other = await openStore(ctx.url());
    try {
      const sweep = (db: typeof other.db) => new RetentionSweeper({ store: createSqlResponseStore(db, { dialect: other.dialect }), retentionMs: RETENTION, now: () => NOW, batchSize: 100 }).runOnce();
      const [a, b] = await Promise.all([sweep(ctx.store().db), sweep(other.db)]);
      expect(a + b).toBe(1_200);
      expect(await ids(ctx)).toEqual(['new_0', 'new_1', 'new_2', 'new_3', 'new_4']);
    } finally {
      await other.close();
    }
  });

  it('should answer an expired response and thread message as unknown before the sweep deletes it', async () => {
    const store = createSqlResponseStore(ctx.store().db, { dialect: ctx.store().dialect, retention: { retentionMs: RETENTION, now: () => NOW } });
    await store.save(row('resp_old', NOW - RETENTION - 1));
    await store.save(row('msg_old', NOW - RETENTION - 1));
    await store.save(row('msg_new', NOW - RETENTION));
    expect(await store.find('proj_a', 'resp_old')).toBeNull();
    expect(await store.claimContinue('proj_a', 'msg_old', 'req_1', { at: NOW, staleBefore: 0 })).toBe('missing');
    expect(await store.claimContinue('proj_a', 'msg_new', 'req_1', { at: NOW, staleBefore: 0 })).toBe('claimed');
    expect((await store.find('proj_a', 'msg_new'))?.createdAt).toBe(NOW - RETENTION);
    // Without a retention (TF_RESPONSE_RETENTION_DAYS=0) nothing expires.
    expect((await createSqlResponseStore(ctx.store().db).find('proj_a', 'resp_old'))?.id).toBe('resp_old');
  });

  it('should sweep on its own timer once started, and say how many rows went', async () => {
    await seed(ctx, 'old', 3, 0);
    const swept = vi.fn();
    const sweeper = new RetentionSweeper({ store: createSqlResponseStore(ctx.store().db), retentionMs: RETENTION, now: () => NOW, everyMs: 20, onSwept: swept });
    sweeper.start();
    try {
      await vi.waitFor(() => expect(swept).toHaveBeenCalledWith(3), { timeout: 2_000 });
      expect(await ids(ctx)).toEqual([]);
    } finally {
      await sweeper.stop();
    }
  });
});

it('should expire and sweep the memory store the same way', async () => {
  const store = createMemoryResponseStore({ retentionMs: RETENTION, now: () => NOW });
  await store.save(row('resp_old', NOW - RETENTION - 1));
  await store.save(row('msg_old', NOW - RETENTION - 1));
  await store.save(row('resp_new', NOW - RETENTION));
  expect(await store.find('proj_a', 'resp_old')).toBeNull();
  expect(await store.claimContinue('proj_a', 'msg_old', 'req_1', { at: NOW, staleBefore: 0 })).toBe('missing');
  expect(await new RetentionSweeper({ store, retentionMs: RETENTION, now: () => NOW, batchSize: 1 }).runOnce()).toBe(2);
  expect(await store.find('proj_a', 'resp_new')).not.toBeNull();
});
