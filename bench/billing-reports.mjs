#!/usr/bin/env node
// Billing reports on a busy month: load one organization's month of 10 million requests on
// PostgreSQL as the settler leaves it (hourly rollups AND one usage debit per request in the
// ledger, dated at its request time, plus the usage events the detail export joins), two prior
// months of usage so the opening balance is non-trivial, a few credits, grants, refunds, an
// adjustment and an expiry per month, and the balance checkpoint; then time the console's billing
// services from dist/ (balance, ledger summary, statements, PDF, CSV exports).
//
//   npm run build && node bench/billing-reports.mjs [--requests 10000000] [--prior-requests 2000000]
//        [--combos 400] [--database postgres://postgres@127.0.0.1:5432/test] [--runs 5] [--detail-runs 1]
//        [--skip-build] [--keep] [--reuse DBNAME] [--smoke]
//
// Every generated row comes from generate_series inside PostgreSQL (no per-row inserts). A request
// of rollup cell (hour h, combo c) costs exactly (200 + c % 300) * 150 + (50 + h % 100) * 600
// nano-USD, so the rollups' cost equals the sum of the debits of each hour and the statements
// reconcile; the script checks closing == SUM(ledger) and prints it.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadavg } from 'node:os';
import pg from 'pg';
import { FOLD_KEY_ROLLUPS } from './lib/key-rollups.mjs';
import { timeCases, timed } from './lib/time-cases.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000000' },
    'prior-requests': { type: 'string', default: '2000000' },
    combos: { type: 'string', default: '400' },
    projects: { type: 'string', default: '20' },
    keys: { type: 'string', default: '5' },
    models: { type: 'string', default: '8' },
    users: { type: 'string', default: '200' },
    runs: { type: 'string', default: '5' },
    'detail-runs': { type: 'string', default: '1' },
    database: { type: 'string', default: process.env.TF_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    dist: { type: 'string', default: 'dist' },
    'skip-build': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log('node bench/billing-reports.mjs [--requests N] [--prior-requests N] [--combos N] [--runs N] [--detail-runs N] [--database URL] [--skip-build] [--keep] [--reuse DBNAME] [--smoke]');
  process.exit(0);
}
if (values.smoke) Object.assign(values, { requests: '100000', 'prior-requests': '20000', combos: '20', runs: '1' });
const N = {
  requests: BigInt(values.requests), prior: BigInt(values['prior-requests']), combos: Number(values.combos), projects: Number(values.projects),
  keys: Number(values.keys), models: Number(values.models), users: Number(values.users),
};
const ORG = 'org_bench';
// The loaded month is October 2026; August and September are its history. "Now" is just after it ended.
const MONTHS = [[2026, 8], [2026, 9], [2026, 10]].map(([year, month]) => ({ year, month, from: Date.UTC(year, month - 1, 1), to: Date.UTC(year, month, 1) }));
const LOADED = MONTHS[2];
const NOW = LOADED.to + 3_600_000;

if (!values['skip-build']) execFileSync('npm', ['run', 'build'], { stdio: ['ignore', process.stderr, process.stderr] });
const dist = (path) => import(pathToFileURL(resolve(values.dist, path)).href);
const { openStore } = await dist('store/database.js');
const { migrateToLatest } = await dist('store/migrate.js');
const { getLedgerSummary, getStatement, exportTransactionsCsv } = await dist('console/billing-reports/service.js');
const { encodeSummaryCursor } = await dist('console/billing-reports/summary-cursor.js');
const { getBalanceView } = await dist('console/billing-balance/service.js');
const { formatUsd } = await dist('core/money.js');

/** A reply stand-in: the services only set headers on it. */
const reply = { header: () => reply };

const admin = new pg.Client({ connectionString: values.database });
await admin.connect();
// --reuse NAME runs the reports again on a database kept by an earlier --keep run (migrating it first).
const name = values.reuse ?? `tf_billing_bench_${randomBytes(4).toString('hex')}`;
if (values.reuse === undefined) await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(values.database);
url.pathname = `/${name}`;
const store = await openStore(url.toString());
try {
  await migrateToLatest(store.db);
  if (values.reuse === undefined) {
    const load = await timed(() => loadData(url.toString()));
    console.error(`loaded in ${(load.ms / 1000).toFixed(1)} s`);
  }
  await report(await describe(url.toString()));
} finally {
  await store.close();
  if (!values.keep && values.reuse === undefined) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  else console.error(`kept database ${url}`);
  await admin.end();
}

function log(message) {
  console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

async function loadData(connectionString) {
  const db = new pg.Client({ connectionString });
  await db.connect();
  const q = (text, params = []) => db.query(text, params);
  await q('SET synchronous_commit = off');
  const start = MONTHS[0].from;
  await q(`INSERT INTO organizations (id, name, created_at) VALUES ($1, 'Bench org', $2)`, [ORG, start]);
  await q(`INSERT INTO projects (id, org_id, name, created_at) SELECT 'proj_bench' || p, $1, 'Project ' || p, $2 FROM generate_series(0, $3::int - 1) p`, [ORG, start, N.projects]);
  await q(`INSERT INTO api_keys (id, org_id, project_id, name, prefix, secret_hash, disabled, expires_at, allowed_models, created_at, updated_at)
           SELECT 'key_bench' || p || 'x' || k, $1, 'proj_bench' || p, 'k', 'sk-tf-bench', md5(p || 'x' || k), 0, NULL, NULL, $2, $2
           FROM generate_series(0, $3::int - 1) p, generate_series(0, $4::int - 1) k`, [ORG, start, N.projects, N.keys]);
  // One row per (month, hour, combo) with its request count; requests of a month sum exactly to its total.
  await q(`CREATE UNLOGGED TABLE bench_gen (mo int, h int, c int, hour bigint, p int, k int, m int, u int, requests bigint, unit bigint)`);
  for (const [mo, { from, to }] of MONTHS.entries()) {
    const hours = (to - from) / 3_600_000;
    const total = mo === 2 ? N.requests : N.prior;
    const cells = BigInt(hours * N.combos);
    await q(`INSERT INTO bench_gen
             SELECT $10::int, h, c, $1::bigint + h::bigint * 3600000,
                    (c % $3::int), ((c / $3::int) % $4::int), ((c * 7 + h) % $5::int), ((c / ($3::int * $4::int)) % $6::int),
                    ($7::bigint / $8::bigint) + CASE WHEN (h::bigint * $2::int + c) < ($7::bigint % $8::bigint) THEN 1 ELSE 0 END,
                    (200 + c % 300) * 150 + (50 + h % 100) * 600
             FROM generate_series(0, $9::int - 1) h, generate_series(0, $2::int - 1) c`,
    [from, N.combos, N.projects, N.keys, N.models, N.users, total.toString(), cells.toString(), hours, mo]);
  }
  log('rollups');
  await q(`INSERT INTO usage_rollups (org_id, hour, project_id, key_id, model, end_user, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano)
           SELECT $1, hour, 'proj_bench' || p, 'key_bench' || p || 'x' || k, 'bench/model-' || m, 'user-' || u,
                  SUM(requests), SUM(requests * (200 + c % 300)), SUM(requests * (50 + h % 100)), SUM(requests * 10), 0, SUM(requests * unit)
           FROM bench_gen WHERE requests > 0 GROUP BY hour, p, k, m, u`, [ORG]);
  await q(FOLD_KEY_ROLLUPS);
  // One debit per request, spread evenly over its hour. Ids sort by time like createId's, and the
  // reference is the request id the usage event carries.
  const requestId = `lpad((hour + i * 3600000 / requests)::text, 13, '0') || lpad(c::text, 5, '0') || lpad(i::text, 7, '0')`;
  for (const [mo] of MONTHS.entries()) {
    log(`ledger: usage debits of month ${mo + 1}/3`);
    await q(`INSERT INTO ledger_entries (id, org_id, kind, amount_nano, reference, note, created_at)
             SELECT 'led_' || ${requestId}, $1, 'usage', -unit, 'req_' || ${requestId}, NULL, hour + i * 3600000 / requests
             FROM bench_gen, generate_series(0, requests - 1) i WHERE mo = $2`, [ORG, mo]);
  }
  log('usage events of the loaded month (the detail export joins them)');
  await q(`INSERT INTO usage_events (id, org_id, project_id, key_id, model, cost_nano, input_tokens, output_tokens, usage_source, created_at, settled_at)
           SELECT 'req_' || ${requestId}, $1, 'proj_bench' || p, 'key_bench' || p || 'x' || k, 'bench/model-' || m, unit, 200 + c % 300, 50 + h % 100,
                  'reported', hour + i * 3600000 / requests, hour + i * 3600000 / requests + 2000
           FROM bench_gen, generate_series(0, requests - 1) i WHERE mo = 2`, [ORG]);
  // Per month: 3 paid credits, 2 grants, 5 refunds, 1 negative adjustment, 1 expiry.
  log('credits, grants, refunds, adjustments, expiries');
  for (const [mo, { from }] of MONTHS.entries()) {
    const entries = [
      ['credit', 3, 600_000_000_000n, 'pay_bench', 9 * 3_600_000, null],
      ['grant', 2, 25_000_000_000n, 'grant_bench', 5 * 86_400_000 + 3_600_000, 'operator grant'],
      ['refund', 5, 1_500_000n, 'refund:req_bench', 12 * 86_400_000 + 1_800_000, 'upstream error'],
      ['adjustment', 1, -2_000_000_000n, 'adj_bench', 20 * 86_400_000 + 60_000, 'correction'],
      ['expiry', 1, -10_000_000_000n, 'bkt_bench', 27 * 86_400_000, null],
    ];
    for (const [kind, count, amount, ref, offset, note] of entries) {
      await q(`INSERT INTO ledger_entries (id, org_id, kind, amount_nano, reference, note, created_at)
               SELECT 'led_' || lpad(t::text, 13, '0') || 'x' || $2 || n, $1, $2, $3::bigint, $4 || '_' || $5 || '_' || n, $6, t
               FROM generate_series(0, $7::int - 1) n, LATERAL (SELECT $8::bigint + $9::bigint + n::bigint * 86400000 * 3 + 1234 AS t) x`,
      [ORG, kind, amount.toString(), ref, mo, note, count, from, offset]);
    }
  }
  await q(`INSERT INTO org_balances (org_id, balance_nano, updated_at) SELECT $1, SUM(amount_nano), $2 FROM ledger_entries WHERE org_id = $1`, [ORG, NOW]);
  await q('DROP TABLE bench_gen');
  log('analyze');
  for (const table of ['usage_rollups', 'usage_key_rollups', 'ledger_entries', 'usage_events', 'org_balances']) await q(`ANALYZE ${table}`);
  await db.end();
}

/** What the database holds, and the ledger sums the statements must reconcile with (before each month's end). */
async function describe(connectionString) {
  const db = new pg.Client({ connectionString });
  await db.connect();
  const q = (text, params = []) => db.query(text, params);
  const counts = (await q(`SELECT (SELECT COUNT(*) FROM usage_rollups) AS rollups, (SELECT COUNT(*) FROM usage_key_rollups) AS key_rollups, (SELECT SUM(requests) FROM usage_rollups WHERE hour >= $1) AS month_requests,
                                  (SELECT COUNT(*) FROM ledger_entries) AS ledger, (SELECT COUNT(*) FROM ledger_entries WHERE kind <> 'usage') AS non_usage,
                                  (SELECT COUNT(*) FROM usage_events) AS events, (SELECT pg_size_pretty(pg_database_size(current_database()))) AS size`, [LOADED.from])).rows[0];
  log(`rollup rows ${counts.rollups} (per key: ${counts.key_rollups}), requests in ${LOADED.year}-${LOADED.month} ${counts.month_requests}, ledger entries ${counts.ledger} (${counts.non_usage} not usage), usage events ${counts.events}, database ${counts.size}`);
  // The ledger sums a statement must reconcile with: before each month's end.
  const sums = [];
  for (const m of MONTHS) sums.push(BigInt((await q(`SELECT CAST(COALESCE(SUM(amount_nano), 0) AS TEXT) AS s FROM ledger_entries WHERE org_id = $1 AND created_at < $2`, [ORG, m.to])).rows[0].s));
  await db.end();
  return { counts, sums };
}

async function report({ counts, sums }) {
  const ctx = { db: store.db, now: () => NOW, orgHeldNano: null };
  const operator = { kind: 'operator' };
  const range = { from: LOADED.from, to: LOADED.to };
  const ym = (m) => `${m.year}-${String(m.month).padStart(2, '0')}`;
  // The position a client reaches after paging to the middle of the month.
  const midMonth = encodeSummaryCursor({ source: 'usage', time: LOADED.from + 15 * 86_400_000 + 12 * 3_600_000, projectId: 'proj_bench10', model: 'bench/model-3' });
  const cases = [
    ['balance', () => getBalanceView(ctx, operator, ORG)],
    ['ledger-summary, first page (limit 100)', () => getLedgerSummary(ctx, operator, ORG, { ...range, limit: 100 })],
    ['ledger-summary, mid-month page (limit 100)', () => getLedgerSummary(ctx, operator, ORG, { ...range, limit: 100, cursor: midMonth })],
    [`statement ${ym(LOADED)} JSON`, () => getStatement(ctx, operator, reply, ORG, ym(LOADED))],
    [`statement ${ym(MONTHS[1])} JSON`, () => getStatement(ctx, operator, reply, ORG, ym(MONTHS[1]))],
    [`statement ${ym(MONTHS[0])} JSON`, () => getStatement(ctx, operator, reply, ORG, ym(MONTHS[0]))],
    [`statement ${ym(LOADED)} PDF`, () => getStatement(ctx, operator, reply, ORG, `${ym(LOADED)}.pdf`)],
  ];
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\n${counts.month_requests} requests in ${ym(LOADED)}, ${counts.ledger} ledger entries, ${counts.rollups} rollup rows, ${counts.events} usage events (${counts.size}); load average before: ${load()}\n`);
  console.log('| report | median ms | max ms | out |\n|---|---:|---:|---:|');
  const results = await timeCases(cases, Number(values.runs), (out) =>
    Buffer.isBuffer(out) ? `${out.length} B` : out.data !== undefined ? `${out.data.length} rows` : out.usage_by_project !== undefined ? `${out.usage_by_project.length}+${out.usage_by_model.length} groups` : '');
  console.log('\n| export | runs | first byte ms (median) | total ms (median) | max total ms | bytes | rows | rows/s |\n|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const [view, runs] of [['summary', Number(values.runs)], ['detail', Number(values['detail-runs'])]]) {
    const samples = [];
    for (let i = 0; i < runs; i++) samples.push(await drain(() => exportTransactionsCsv(ctx, operator, reply, ORG, { ...range, view })));
    if (samples.length === 0) continue;
    const median = (key) => [...samples].sort((a, b) => a[key] - b[key])[Math.floor(samples.length / 2)][key];
    const last = samples.at(-1);
    console.log(`| transactions.csv?view=${view} | ${runs} | ${median('firstMs').toFixed(1)} | ${median('totalMs').toFixed(0)} | ${Math.max(...samples.map((s) => s.totalMs)).toFixed(0)} | ${last.bytes} | ${last.rows} | ${Math.round(last.rows / (median('totalMs') / 1000))} |`);
  }
  console.log(`\nload average after: ${load()} (2 cores, shared)`);
  // Reconciliation: each statement's closing balance is the ledger's sum before the month ends, and
  // the balance is the checkpoint, equal to the whole ledger.
  console.log('\n| check | statement / balance | SUM(ledger) | ok |\n|---|---:|---:|---|');
  let ok = true;
  for (const [i, m] of MONTHS.entries()) {
    const s = results.get(`statement ${ym(m)} JSON`);
    const sum = formatUsd(sums[i]);
    ok &&= s.closing_balance_usd === sum;
    console.log(`| closing ${ym(m)} | ${s.closing_balance_usd} | ${sum} | ${s.closing_balance_usd === sum ? 'yes' : 'NO'} |`);
  }
  const balance = results.get('balance');
  const balanceUsd = balance.balance_usd ?? balance.balanceUsd;
  ok &&= balanceUsd === formatUsd(sums[2]);
  console.log(`| balance | ${balanceUsd} | ${formatUsd(sums[2])} | ${balanceUsd === formatUsd(sums[2]) ? 'yes' : 'NO'} |`);
  // Digests of every JSON answer: two builds (--dist) that read different tables must print the same.
  for (const [label, out] of results) if (!Buffer.isBuffer(out)) console.log(`digest ${createHash('sha256').update(JSON.stringify(out)).digest('hex').slice(0, 16)} ${label}`);
  const s = results.get(`statement ${ym(LOADED)} JSON`);
  console.log(`\nstatement ${ym(LOADED)}: opening ${s.opening_balance_usd} + credits ${s.credits_total_usd} - usage ${s.usage_total_usd} - other ${s.other_debits_total_usd} = closing ${s.closing_balance_usd}`);
  if (!ok) {
    console.error('reconciliation FAILED');
    process.exitCode = 1;
  }
}

/** Read an export to its end: time to the first chunk, total time, bytes and records (header excluded). */
async function drain(start) {
  const begin = process.hrtime.bigint();
  const stream = await start();
  let firstMs = null;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of stream) {
    if (firstMs === null) firstMs = Number(process.hrtime.bigint() - begin) / 1e6;
    const text = String(chunk);
    bytes += Buffer.byteLength(text);
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
  }
  return { firstMs: firstMs ?? 0, totalMs: Number(process.hrtime.bigint() - begin) / 1e6, bytes, rows: lines - 1 };
}
