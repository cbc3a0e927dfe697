import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteRedisPrefix, redisTestPrefix, redisTestUrl } from '../testing/redis-test-url.js';
import type { AdmissionPlan, LimitStore } from './limit-store.js';
import { MemoryLimitStore } from './memory-limit-store.js';
import { RedisLimitStore } from './redis-limit-store.js';

const NOW = Date.UTC(2026, 10, 21, 12, 0, 30);

function plan(accounts: AdmissionPlan['accounts'], windows: AdmissionPlan['windows'] = [], nowMs = NOW): AdmissionPlan {
  return { accounts, windows, nowMs, windowMs: 60_000 };
}

/** The same contract, run against each implementation. */
function limitStoreContract(name: string, create: () => Promise<LimitStore>): void {
  describe(name, () => {
    let store: LimitStore;
    beforeAll(async () => {
      store = await create();
    });
    afterAll(async () => store?.close());

    it('should ask for a sync of accounts it has never seen, and record nothing', async () => {
      const outcome = await store.admit(plan([{ id: 'org:new', holdNano: 5n, enforce: true }]));
      expect(outcome).toEqual({ ok: false, reason: 'unknown_accounts', ids: ['org:new'] });
    });

    it('should hold while available > 0, then refuse naming the exhausted account', async () => {
      await store.applySync('org:a', 100n, await store.nextSyncSeq(), 0n);
      const hold = { id: 'org:a', holdNano: 60n, enforce: true };
      expect((await store.admit(plan([hold]))).ok).toBe(true);
      expect((await store.admit(plan([hold]))).ok).toBe(true); // 40 available: admitted, overdraws by at most one hold
      expect(await store.admit(plan([hold]))).toEqual({ ok: false, reason: 'exhausted', id: 'org:a' });
      expect(await store.read('org:a')).toMatchObject({ baseNano: 100n, holdsNano: 120n, unwrittenNano: 0n });
    });

    it('should release holds and keep the real cost as unwritten until a newer sync confirms it', async () => {
      await store.settle({ accounts: [{ id: 'org:a', holdNano: 60n, costNano: 25n }], windows: [], windowStartMs: NOW - 30_000, windowMs: 60_000 });
      expect(await store.read('org:a')).toMatchObject({ holdsNano: 60n, unwrittenNano: 25n });
      const seq = await store.nextSyncSeq();
      await store.applySync('org:a', 75n, seq, 25n);
      expect(await store.read('org:a')).toMatchObject({ baseNano: 75n, unwrittenNano: 0n, seq });
      await store.applySync('org:a', 999n, seq - 1, 0n); // an older read never wins
      expect((await store.read('org:a'))?.baseNano).toBe(75n);
    });

    it('should check every account and hold none when one is exhausted', async () => {
      await store.applySync('key:zero', 0n, await store.nextSyncSeq(), 0n);
      await store.applySync('org:b', 1_000n, await store.nextSyncSeq(), 0n);
      const outcome = await store.admit(plan([{ id: 'org:b', holdNano: 10n, enforce: true }, { id: 'key:zero', holdNano: 10n, enforce: true }]));
      expect(outcome).toEqual({ ok: false, reason: 'exhausted', id: 'key:zero' });
      expect((await store.read('org:b'))?.holdsNano).toBe(0n);
      expect((await store.admit(plan([{ id: 'org:b', holdNano: 10n, enforce: true }, { id: 'key:zero', holdNano: 10n, enforce: false }]))).ok).toBe(true);
    });

    it('should count fixed one-minute windows, refuse past the limit with the reset time, and accept corrections', async () => {
      const w = { id: 'tpm:project:p', limit: 100, units: 40 };
      await store.applySync('org:w', 1_000n, await store.nextSyncSeq(), 0n);
      const acct = [{ id: 'org:w', holdNano: 0n, enforce: true }];
      const first = await store.admit(plan(acct, [w]));
      expect(first).toMatchObject({ ok: true, windows: [{ used: 40, limit: 100, resetAtMs: NOW + 30_000 }] });
      await store.admit(plan(acct, [w]));
      expect(await store.admit(plan(acct, [w]))).toMatchObject({ ok: false, reason: 'rate_limited', window: { used: 80, resetAtMs: NOW + 30_000 } });
      await store.settle({ accounts: [], windows: [{ id: w.id, delta: -30 }], windowStartMs: NOW - 30_000, windowMs: 60_000 });
      expect((await store.admit(plan(acct, [w]))).ok).toBe(true);
      expect((await store.admit(plan(acct, [w], NOW + 30_000))).ok).toBe(true); // next window
    });

    it('should let exactly the affordable number of 200 parallel admissions through', async () => {
      await store.applySync('org:c', 1_000n, await store.nextSyncSeq(), 0n);
      const outcomes = await Promise.all(Array.from({ length: 200 }, () => store.admit(plan([{ id: 'org:c', holdNano: 100n, enforce: true }]))));
      expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    });
  });
}

limitStoreContract('MemoryLimitStore', async () => new MemoryLimitStore());

const url = redisTestUrl();
if (url !== null) {
  const prefix = redisTestPrefix();
  const shared = redisTestPrefix();
  afterAll(async () => {
    await deleteRedisPrefix(url, prefix);
    await deleteRedisPrefix(url, shared);
  });
  limitStoreContract('RedisLimitStore', async () => {
    const store = await RedisLimitStore.create({ url, prefix });
    await store.ready();
    return store;
  });

  describe('RedisLimitStore across processes', () => {
    it('should share holds between two stores and drop the holds of a process whose heartbeat expired', async () => {
      const a = await RedisLimitStore.create({ url, prefix: shared });
      const b = await RedisLimitStore.create({ url, prefix: shared });
      await Promise.all([a.ready(), b.ready()]);
      try {
        await a.applySync('org:x', 100n, await a.nextSyncSeq(), 0n);
        const hold = [{ id: 'org:x', holdNano: 100n, enforce: true }];
        expect((await a.admit(plan(hold))).ok).toBe(true);
        expect(await b.admit(plan(hold))).toMatchObject({ ok: false, reason: 'exhausted' });
        // Simulate a crash of `a`: its heartbeat key disappears, and with it its holds.
        const redis = new Redis(url);
        const procs = await redis.keys(`${shared}proc:*`);
        const fields = Object.keys(await redis.hgetall(`${shared}acct:org:x`));
        const aProc = fields.find((f) => f.startsWith('h:'))!.slice(2);
        expect(procs).toContain(`${shared}proc:${aProc}`);
        await redis.del(`${shared}proc:${aProc}`);
        await redis.quit();
        expect((await b.admit(plan(hold))).ok).toBe(true);
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
}
