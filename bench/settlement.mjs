// Micro-benchmark of settlement: main-thread CPU per settled event on a SQLite file.
// npm run build && node bench/settlement.mjs [DIST=dist] [--passes 40] [--batch 500] [--prefill 20000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
const dist = resolve(process.argv[2] !== undefined && !process.argv[2].startsWith('--') ? process.argv[2] : 'dist');
const arg = (n, d) => { const i = process.argv.indexOf(n); return i < 0 ? d : Number(process.argv[i + 1]); };
const passes = arg('--passes', 40), batch = arg('--batch', 500), prefill = arg('--prefill', 20000);
const imp = (p) => import(pathToFileURL(join(dist, p)).href);
const { openStore } = await imp('store/database.js');
const { migrateToLatest } = await imp('store/migrate.js');
const { createOrganization } = await imp('tenancy/organization-repository.js');
const { createProject } = await imp('tenancy/project-repository.js');
const { insertLedgerEntry } = await imp('billing/ledger-repository.js');
const { writeRequestLog } = await imp('billing/request-log-writer.js');
const { settleUsage } = await imp('billing/settle-usage.js');
const { createUsage } = await imp('protocol/ir/index.js');
const dir = mkdtempSync(join(tmpdir(), 'settle-bench-'));
const store = await openStore(`sqlite:${join(dir, 'b.db')}`);
const db = store.db;
await migrateToLatest(db);
const orgId = (await createOrganization(db, { name: 'o' })).id;
const projectId = (await createProject(db, { orgId, name: 'p' })).id;
await insertLedgerEntry(db, { orgId, kind: 'credit', amountNano: 10n ** 15n });
let seq = 0; const t0 = Date.now() - 3_600_000;
const entry = () => { const n = seq++; return { id: `req_${String(n).padStart(10, '0')}`, orgId, projectId, keyId: 'key_1', endpoint: 'chat.completions', modelRequested: 'm', modelResolved: 'bench/mock-chat', providerId: 'mock', stream: false,
  status: 200, errorCode: null, latencyMs: 1, ttftMs: 1, usage: createUsage(20, 10), costNano: 2500n, createdAt: t0 + n, ignoredParams: [] }; };
async function fill(n) { for (let i = 0; i < n; i += 500) await writeRequestLog(db, Array.from({ length: Math.min(500, n - i) }, entry)); }
await fill(prefill); // history, settled below
while ((await settleUsage(db, Date.now(), 500)).events > 0);
let cpu = 0n, events = 0, wall = 0;
for (let p = 0; p < passes; p++) {
  await fill(batch);
  const c = process.cpuUsage(); const w = process.hrtime.bigint();
  const r = await settleUsage(db, Date.now(), batch);
  wall += Number(process.hrtime.bigint() - w) / 1000;
  const d = process.cpuUsage(c); cpu += BigInt(d.user + d.system); events += r.events;
}
console.log(`${events} events settled in ${passes} passes of ${batch}: ${(Number(cpu) / events).toFixed(2)} µs CPU/event, ${(wall / events).toFixed(2)} µs wall/event`);
await store.close?.();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
