#!/usr/bin/env node
// CPU cost of counting one request-log entry into the gateway's metrics (GatewayMetrics.observe), and of
// one scrape (render), on the compiled build: `npm run build && node bench/overhead/metrics-observe.mjs`.
import { GatewayMetrics } from '../../dist/telemetry/gateway-metrics.js';
import { RequestActivity } from '../../dist/gateway/request-activity.js';

const metrics = new GatewayMetrics({
  activity: new RequestActivity(),
  admission: { inFlight: 0, admittedTotal: 0 },
  requestLogQueue: () => 0,
  settlement: () => ({ drainedAt: null, lastPassEvents: 0 }),
  now: Date.now,
});
// A realistic mix: 4 models × 2 endpoints, a third streamed, some errors.
const models = ['acme/a', 'acme/b', 'acme/c@2026-01-01', 'acme/d'];
const entries = Array.from({ length: 1000 }, (_, i) => ({
  id: `req_${i}`, orgId: 'org_1', projectId: 'proj_1', keyId: 'key_1',
  endpoint: i % 5 === 0 ? 'embeddings' : 'chat.completions',
  modelRequested: models[i % 4], modelResolved: models[i % 4], providerId: 'up',
  stream: i % 3 === 0, status: i % 50 === 0 ? 502 : 200, errorCode: i % 50 === 0 ? 'upstream_error' : null,
  latencyMs: 3 + (i % 400), ttftMs: 1 + (i % 40),
  usage: { input: { total: 40 + i, cacheRead: 0, cacheWrite: 0 }, output: { total: 20 + (i % 100), reasoning: 0 }, source: 'reported' },
  costNano: 12_345n + BigInt(i), ignoredParams: [], createdAt: Date.now(),
}));
const N = 2_000_000;
for (let k = 0; k < 200; k++) for (const e of entries) metrics.observe(e);
const t0 = process.hrtime.bigint();
for (let k = 0; k < N / entries.length; k++) for (const e of entries) metrics.observe(e);
const observeNs = Number(process.hrtime.bigint() - t0) / N;
const scrapes = 50;
await metrics.render();
const t1 = process.hrtime.bigint();
let bytes = 0;
for (let i = 0; i < scrapes; i++) bytes = (await metrics.render()).length;
const renderMs = Number(process.hrtime.bigint() - t1) / scrapes / 1e6;
const load = (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
process.stdout.write(`| observe µs per entry | render ms per scrape | exposition bytes | load average |\n|---:|---:|---:|---|\n| ${(observeNs / 1000).toFixed(3)} | ${renderMs.toFixed(2)} | ${bytes} | ${load} |\n`);
