import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUsage } from '../protocol/ir/index.js';
import { openStore, type Store } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';
import { loadSqliteDriver } from '../store/sqlite-driver.js';
import { createOrganization } from '../tenancy/organization-repository.js';
import { createProject } from '../tenancy/project-repository.js';
import { billingThreadFor } from './billing-thread-client.js';
import { getOrgBalance, insertLedgerEntry, listLedgerEntries } from './ledger-repository.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { insertRequestLogRows, listRequestLogRows } from './request-log-repository.js';
import { writeRequestLog } from './request-log-writer.js';
import { createUsageSettler } from './threaded-usage-settler.js';
import { insertUsageEvents } from './usage-event-repository.js';

// The thread runs compiled code: vitest runs this file from TypeScript source, `npm test` builds dist/ first.
const COMPILED = new URL('../../dist/billing/billing-thread.js', import.meta.url);

function entry(id: string, orgId: string, projectId: string, costNano: bigint, createdAt: number): RequestLogEntry {
  return {
    id, orgId, projectId, keyId: 'key_1', endpoint: 'chat.completions', modelRequested: 'm', modelResolved: 'm', providerId: 'sim', stream: false,
    status: 200, errorCode: null, latencyMs: 1, ttftMs: 1, usage: createUsage(10, 5), costNano, createdAt, ignoredParams: [],
  };
}

async function openFileStore(dir: string, name: string): Promise<Store> {
  const store = await openStore(`sqlite:${join(dir, name)}`);
  await migrateToLatest(store.db);
  return store;
}

describe('the billing thread (SQLite file)', () => {
  let dir: string;
  const now = Date.UTC(2026, 10, 22, 12);

  beforeAll(() => {
    if (!existsSync(COMPILED)) throw new Error('dist/billing/billing-thread.js is missing: run `npm run build` first (npm test does).');
    dir = mkdtempSync(join(tmpdir(), 'tf-billing-thread-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function seed(store: Store): Promise<{ orgId: string; projectId: string }> {
    const orgId = (await createOrganization(store.db, { name: 'o' })).id;
    const projectId = (await createProject(store.db, { orgId, name: 'p' })).id;
    await insertLedgerEntry(store.db, { orgId, kind: 'credit', amountNano: 1_000_000n });
    return { orgId, projectId };
  }

  it('should write the request log and settle on the thread with the caller\'s clock, idempotently, and settle the rest on close', async () => {
    const store = await openFileStore(dir, 'a.db');
    const { orgId, projectId } = await seed(store);
    const errors: unknown[] = [];
    const settler = await createUsageSettler({ db: store.db, intervalMs: 60_000, now: () => now + 50, onError: (e) => errors.push(e), entry: COMPILED });
    expect(settler.runsOn).toBe('worker thread');
    const thread = await billingThreadFor(store.db);
    expect(thread).not.toBeNull();
    // The first batch goes through this thread's connection while the worker starts; the next ones to the worker.
    await writeRequestLog(store.db, [entry('req_t1', orgId, projectId, 300n, now)]);
    expect(thread!.started).toBe(true);
    await expect.poll(() => thread!.ready, { timeout: 15_000 }).toBe(true);
    await writeRequestLog(store.db, [entry('req_t1', orgId, projectId, 300n, now), entry('req_t2', orgId, projectId, 200n, now + 1)]);
    // A retried batch (same ids) changes nothing.
    await writeRequestLog(store.db, [entry('req_t1', orgId, projectId, 300n, now)]);
    expect((await listRequestLogRows(store.db, { limit: 10 })).map((r) => r.id).sort()).toEqual(['req_t1', 'req_t2']);
    expect(settler.progress).toEqual({ drainedAt: null, lastPassEvents: 0 });
    await settler.runOnce();
    expect(await getOrgBalance(store.db, orgId)).toBe(999_500n);
    // What the pass found comes back from the thread, dated with the caller's clock (metrics read it).
    expect(settler.progress).toEqual({ drainedAt: now + 50, lastPassEvents: 2 });
    const settled = await store.db.selectFrom('usage_events').select('settled_at').execute();
    expect(settled.map((r) => Number(r.settled_at))).toEqual([now + 50, now + 50]);
    await writeRequestLog(store.db, [entry('req_t3', orgId, projectId, 100n, now + 2)]);
    await settler.close();
    expect(await getOrgBalance(store.db, orgId)).toBe(999_400n);
    const debits = (await listLedgerEntries(store.db, orgId)).filter((e) => e.kind === 'usage');
    expect(debits.map((d) => d.reference).sort()).toEqual(['req_t1', 'req_t2', 'req_t3']);
    expect(errors).toEqual([]);
    await store.close();
  });

  it('should start the thread only when there is work: skip idle passes, settle events left by an earlier process on the thread', async () => {
    const store = await openFileStore(dir, 'c.db');
    const { orgId, projectId } = await seed(store);
    const settler = await createUsageSettler({ db: store.db, intervalMs: 60_000, now: () => now + 70, onError: (e) => { throw e; }, entry: COMPILED });
    const thread = (await billingThreadFor(store.db))!;
    // Nothing pending: the pass is skipped on this thread, and still reported as a drained pass.
    await settler.runOnce();
    await settler.emailsSent();
    expect(thread.started).toBe(false);
    expect(settler.progress).toEqual({ drainedAt: now + 70, lastPassEvents: 0 });
    // An event written before this process started (here: by the query builder, not the thread).
    const left = [entry('req_t5', orgId, projectId, 40n, now + 4)];
    await store.db.transaction().execute(async (trx) => {
      await insertRequestLogRows(trx, left);
      await insertUsageEvents(trx, left);
    });
    await settler.runOnce();
    expect(thread.started).toBe(true);
    expect(settler.runsOn).toBe('worker thread');
    expect(settler.progress).toEqual({ drainedAt: now + 70, lastPassEvents: 1 });
    expect(await getOrgBalance(store.db, orgId)).toBe(999_960n);
    await settler.close();
    await store.close();
  });

  it('should close without starting the thread when nothing is pending', async () => {
    const store = await openFileStore(dir, 'd.db');
    await seed(store);
    const settler = await createUsageSettler({ db: store.db, intervalMs: 60_000, now: () => now, onError: (e) => { throw e; }, entry: COMPILED });
    const thread = (await billingThreadFor(store.db))!;
    await settler.close();
    expect(thread.started).toBe(false);
    await store.close();
  });

  it('should fall back to this thread for settlement and the request log when the thread dies', async () => {
    const store = await openFileStore(dir, 'b.db');
    const { orgId, projectId } = await seed(store);
    const broken = join(dir, 'broken-entry.mjs');
    // Starts, answers the settler's first message, then dies: what a crash in the thread looks like.
    writeFileSync(broken, [
      "import { parentPort } from 'node:worker_threads';",
      "parentPort.on('message', (m) => { if (m.type === 'settler') parentPort.postMessage({ type: 'done', id: m.id, error: null }); else process.exit(3); });",
    ].join('\n'));
    const workerErrors: unknown[] = [];
    const settler = await createUsageSettler({
      db: store.db, intervalMs: 60_000, now: () => now + 60, onError: (e) => { throw e; }, onWorkerError: (e) => workerErrors.push(e), entry: pathToFileURL(broken),
    });
    expect(settler.runsOn).toBe('worker thread');
    // Started and answering (until then batches go through this thread): the next batch reaches it and kills it.
    const thread = (await billingThreadFor(store.db))!;
    thread.start();
    await expect.poll(() => thread.ready, { timeout: 15_000 }).toBe(true);
    // Five entries: more than a batch written on the calling thread (2), so this one goes to the thread.
    const batch = ['req_t4', 'req_t5', 'req_t6', 'req_t7', 'req_t8'].map((id) => entry(id, orgId, projectId, 10n, now + 3));
    await writeRequestLog(store.db, batch).catch(() => undefined);
    // The batch writer retries a failed batch; after the thread died it goes through the main thread.
    await writeRequestLog(store.db, batch);
    await settler.runOnce();
    expect(settler.runsOn).toBe('main thread');
    expect(String(workerErrors[0])).toContain('exited with code 3');
    expect(await getOrgBalance(store.db, orgId)).toBe(999_950n);
    await settler.close();
    expect((await listLedgerEntries(store.db, orgId)).filter((e) => e.kind === 'usage')).toHaveLength(5);
    await store.close();
  });

  it('should commit a small batch before returning, and leave it to the thread while another connection writes', async () => {
    const store = await openFileStore(dir, 'inline.db');
    const { orgId, projectId } = await seed(store);
    const settler = await createUsageSettler({ db: store.db, intervalMs: 60_000, now: () => now, onError: (e) => { throw e; }, entry: COMPILED });
    const thread = (await billingThreadFor(store.db))!;
    const other = new (loadSqliteDriver())(join(dir, 'inline.db'));
    const logged = () => (other.prepare('SELECT COUNT(*) AS n FROM request_log').get() as { n: number }).n;
    const first = thread.writeLog([entry('req_i1', orgId, projectId, 10n, now)]);
    // Committed on this thread before the call returned: no round trip to the thread.
    expect(logged()).toBe(1);
    await first;
    // Another connection (settlement, the console) holds the write lock: this event loop does not wait for it.
    other.exec('BEGIN IMMEDIATE');
    let done = false;
    const second = thread.writeLog([entry('req_i2', orgId, projectId, 10n, now)]).then(() => (done = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(done).toBe(false);
    other.exec('COMMIT');
    await second;
    expect(logged()).toBe(2);
    other.close();
    await settler.close();
    expect(await getOrgBalance(store.db, orgId)).toBe(999_980n);
    await store.close();
  });

  it('should write every batch on this thread while the billing thread loads, and learn unasked when it has loaded', async () => {
    const store = await openFileStore(dir, 'loading.db');
    const { orgId, projectId } = await seed(store);
    const thread = (await billingThreadFor(store.db, COMPILED))!;
    const other = new (loadSqliteDriver())(join(dir, 'loading.db'));
    const logged = () => (other.prepare('SELECT COUNT(*) AS n FROM request_log').get() as { n: number }).n;
    // A gateway's first burst: a batch larger than the calling thread's share (2) arrives before the thread has loaded.
    const first = ['req_l1', 'req_l2', 'req_l3', 'req_l4', 'req_l5'].map((id) => entry(id, orgId, projectId, 10n, now));
    const written = thread.writeLog(first);
    // Committed before the call returned, without waiting for the thread it started.
    expect(logged()).toBe(5);
    expect(thread.started).toBe(true);
    expect(thread.ready).toBe(false);
    await written;
    // The thread says when it has loaded, unasked (no message was sent to it); a large batch is its work from then on.
    await expect.poll(() => thread.ready, { timeout: 15_000 }).toBe(true);
    await thread.writeLog(['req_l6', 'req_l7', 'req_l8'].map((id) => entry(id, orgId, projectId, 10n, now)));
    expect(logged()).toBe(8);
    other.close();
    await thread.settler('close', now);
    await store.close();
  });

  it('should not start for in-memory SQLite', async () => {
    const memory = await openStore('sqlite::memory:');
    await migrateToLatest(memory.db);
    const settler = await createUsageSettler({ db: memory.db, intervalMs: 60_000, now: () => now, onError: () => {}, entry: COMPILED });
    expect(settler.runsOn).toBe('main thread');
    expect(await billingThreadFor(memory.db, COMPILED)).toBeNull();
    await settler.close();
    await memory.close();
  });
});
