#!/usr/bin/env node
// Hot-path cost of admission + settlement, in memory and in Redis.
//
//   npm run build && node bench/admission.mjs [--n 20000] [--redis redis://127.0.0.1:6379]
//
// Measures the AdmissionService exactly as the gateway runs it (worst-case pricing, org + project +
// key accounts, project rpm/tpm and model rpm/tpm windows, rate-limit headers, then settlement of
// the real cost), sequentially (latency per request) and with 64 requests in flight (throughput).
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AccountSyncer } from '../dist/gateway/admission/account-syncer.js';
import { AdmissionService } from '../dist/gateway/admission/admission-service.js';
import { MemoryLimitStore } from '../dist/limits/memory-limit-store.js';
import { RedisLimitStore } from '../dist/limits/redis-limit-store.js';

const { values } = parseArgs({ options: { n: { type: 'string', default: '20000' }, redis: { type: 'string', default: process.env.TF_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' } } });
const N = Number(values.n);

const model = {
  id: 'bench/model',
  kind: 'chat',
  pricing: { input: 150_000_000n, output: 600_000_000n, cachedInput: null, cacheWrite: null, reasoning: null, searchUnit: null },
  rateLimit: { rpm: 1e9, tpm: 1e12 },
};
const key = { id: 'key_bench', orgId: 'org_bench', projectId: 'proj_bench' };
const usage = { input: { total: 300, cacheRead: 0, cacheWrite: 0 }, output: { total: 200, reasoning: 0 }, source: 'reported' };

function build(store) {
  const syncer = new AccountSyncer({ store, readBase: async () => 10n ** 15n, refreshMs: 60_000, now: Date.now, onError: console.error });
  return new AdmissionService({
    store,
    syncer,
    projectLimits: async () => ({ rpm: 1e9, tpm: 1e12, budgetNano: null }),
    keyBudget: async () => null,
    pendingWrites: () => 0,
    maxPendingWrites: 1e9,
    timeoutMs: 5_000,
    now: Date.now,
    onError: console.error,
  });
}

/** One request through admission and settlement; resolves when the settlement is stored. */
async function one(admission, store, i, label) {
  const id = `req_${label}_${i}`;
  admission.begin({ requestId: id, key, model, promptTokens: 300, maxOutputTokens: 1000, setHeaders: () => undefined });
  await admission.ready(id);
  admission.finish({ id, usage, costNano: 165_000n });
  // finish settles asynchronously; wait until this request's ticket is gone.
  while (admission.inFlight > 0 && store instanceof RedisLimitStore) await new Promise((r) => setImmediate(r));
}

async function measure(label, store, concurrency) {
  const admission = build(store);
  for (let i = 0; i < 500; i++) await one(admission, store, i, `${label}w${concurrency}`); // warm-up (and account sync)
  const start = process.hrtime.bigint();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < N) await one(admission, store, next++, `${label}${concurrency}`);
    }),
  );
  while (admission.inFlight > 0) await new Promise((r) => setImmediate(r));
  const ns = Number(process.hrtime.bigint() - start);
  return { label, concurrency, n: N, usPerOp: ns / 1000 / N, opsPerSec: Math.round(N / (ns / 1e9)) };
}

/** The accounts and sync counter a run leaves have no expiry: remove them. */
async function deleteKeys(prefix) {
  const { Redis } = await import('ioredis');
  const redis = new Redis(values.redis);
  for await (const keys of redis.scanStream({ match: `${prefix}*`, count: 100 })) if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
}

const rows = [];
rows.push(await measure('memory', new MemoryLimitStore(), 1));
rows.push(await measure('memory', new MemoryLimitStore(), 64));
try {
  for (const c of [1, 64]) {
    const prefix = `tf-bench-${randomBytes(4).toString('hex')}:`;
    const store = await RedisLimitStore.create({ url: values.redis, prefix });
    await store.ready();
    rows.push(await measure('redis', store, c));
    await store.close();
    await deleteKeys(prefix);
  }
} catch (error) {
  console.error(`redis skipped: ${error instanceof Error ? error.message : String(error)}`);
}

console.log(`\nadmission + settlement per request (${N} requests; 3 accounts, 4 rate windows)\n`);
console.log('| store  | in flight | µs/request | requests/s |');
console.log('|--------|----------:|-----------:|-----------:|');
for (const r of rows) console.log(`| ${r.label.padEnd(6)} | ${String(r.concurrency).padStart(9)} | ${r.usPerOp.toFixed(1).padStart(10)} | ${String(r.opsPerSec).padStart(10)} |`);
const mem = rows.find((r) => r.label === 'memory' && r.concurrency === 1);
const red = rows.find((r) => r.label === 'redis' && r.concurrency === 1);
if (mem && red) console.log(`\nredis / memory at 1 in flight: ${(red.usPerOp / mem.usPerOp).toFixed(1)}x`);
process.exit(0);
