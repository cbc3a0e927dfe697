#!/usr/bin/env node
// Usage analytics on a busy month: load an organization's month of 10 million requests as hourly
// rollup rows (generated inside PostgreSQL with generate_series: the rollups are what the console
// reads, so no raw request rows are needed), then time the console's usage queries.
//
//   npm run build && node bench/usage-query.mjs [--requests 10000000] [--combos 400] [--hours 744]
//        [--database postgres://postgres@127.0.0.1:5432/test] [--runs 5] [--dist dist] [--keep]
//
// --combos is the number of distinct (project, key, model, end user) rows per hour, so the rollup
// holds hours x combos rows; the requests are spread over them and sum exactly to --requests.
// A fresh database is created next to --database and dropped at the end (unless --keep).
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { timeCases, timed } from './lib/time-cases.mjs';
import { FOLD_KEY_ROLLUPS } from './lib/key-rollups.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000000' },
    combos: { type: 'string', default: '400' },
    hours: { type: 'string', default: '744' },
    projects: { type: 'string', default: '20' },
    keys: { type: 'string', default: '5' },
    models: { type: 'string', default: '8' },
    users: { type: 'string', default: '200' },
    runs: { type: 'string', default: '5' },
    database: { type: 'string', default: process.env.TF_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    dist: { type: 'string', default: 'dist' },
    keep: { type: 'boolean', default: false },
  },
});
const N = { requests: BigInt(values.requests), combos: Number(values.combos), hours: Number(values.hours), projects: Number(values.projects), keys: Number(values.keys), models: Number(values.models), users: Number(values.users) };
const dist = (path) => import(pathToFileURL(resolve(values.dist, path)).href);
const { openStore } = await dist('store/database.js');
const { migrateToLatest } = await dist('store/migrate.js');
const { getOrgUsage, getProjectUsage } = await dist('console/usage/service.js');

/** A reply stand-in: the service only sets CSV headers on it. */
const reply = { header: () => reply };

const admin = new pg.Client({ connectionString: values.database });
await admin.connect();
const name = `tf_usage_bench_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE DATABASE ${name}`);
const url = new URL(values.database);
url.pathname = `/${name}`;
const store = await openStore(url.toString());
try {
  await migrateToLatest(store.db);
  const load = await timed(() => loadMonth(url.toString()));
  console.error(`loaded in ${(load.ms / 1000).toFixed(1)} s`);
  await report();
} finally {
  await store.close();
  if (!values.keep) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
  else console.error(`kept database ${url}`);
  await admin.end();
}

/** Tenancy rows, then the rollups: one temp table of generated rows feeds both rollup tables. */
async function loadMonth(connectionString) {
  const db = new pg.Client({ connectionString });
  await db.connect();
  const from = Date.UTC(2026, 9, 1); // a 31-day month: October 2026
  const rows = BigInt(N.hours * N.combos);
  const q = (text, params = []) => db.query(text, params);
  await q(`INSERT INTO organizations (id, name, created_at) VALUES ('org_bench', 'Bench org', $1)`, [from]);
  await q(`INSERT INTO users (id, email, name, password_hash, created_at, updated_at) SELECT 'usr_bench' || m, 'm' || m || '@bench.test', 'member ' || m, NULL, $1, $1 FROM generate_series(0, 9) m`, [from]);
  await q(`INSERT INTO projects (id, org_id, name, created_at) SELECT 'proj_bench' || p, 'org_bench', 'Project ' || p, $1 FROM generate_series(0, $2::int - 1) p`, [from, N.projects]);
  await q(`INSERT INTO api_keys (id, org_id, project_id, name, prefix, secret_hash, disabled, expires_at, allowed_models, created_at, updated_at)
           SELECT 'key_bench' || p || 'x' || k, 'org_bench', 'proj_bench' || p, 'k', 'sk-tf-bench', md5(p || 'x' || k), 0, NULL, NULL, $1, $1
           FROM generate_series(0, $2::int - 1) p, generate_series(0, $3::int - 1) k`, [from, N.projects, N.keys]);
  await q(`INSERT INTO api_key_settings (key_id, budget_nano, created_by, deleted_at) SELECT id, NULL, 'usr_bench' || (abs(hashtext(id)) % 10), NULL FROM api_keys`);
  await q(`CREATE TEMP TABLE gen AS
           SELECT h, c, ($1::bigint + h::bigint * 3600000) AS hour,
                  (c % $3::int) AS p, ((c / $3::int) % $4::int) AS k, ((c * 7 + h) % $5::int) AS m, ((c / ($3::int * $4::int) + h * 7) % $6::int) AS u,
                  ($7::bigint / $8::bigint) + CASE WHEN (h::bigint * $2::int + c) < ($7::bigint % $8::bigint) THEN 1 ELSE 0 END AS requests
           FROM generate_series(0, $9::int - 1) h, generate_series(0, $2::int - 1) c`,
  [from, N.combos, N.projects, N.keys, N.models, N.users, N.requests.toString(), rows.toString(), N.hours]);
  // Combos are mixed-radix (project, key, user), so they stay distinct up to projects x keys x users; GROUP BY folds any excess.
  // The user also moves with the hour (as the model does), so a month holds every user, not only the few one hour's combos reach.
  await q(`INSERT INTO usage_rollups (org_id, hour, project_id, key_id, model, end_user, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano)
           SELECT 'org_bench', hour, 'proj_bench' || p, 'key_bench' || p || 'x' || k, 'bench/model-' || m, 'user-' || u,
                  SUM(requests), SUM(requests * (200 + c % 300)), SUM(requests * (50 + h % 100)), SUM(requests * 10), 0,
                  SUM(requests * (200 + c % 300) * 150 + requests * (50 + h % 100) * 600)
           FROM gen GROUP BY hour, p, k, m, u`);
  await q(FOLD_KEY_ROLLUPS);
  for (const [tag, values, share] of [['team', 5, 7], ['env', 2, 10]]) {
    await q(`INSERT INTO usage_tag_rollups (org_id, hour, project_id, tag_key, tag_value, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano)
             SELECT 'org_bench', hour, 'proj_bench' || p, $1, $1 || '-' || (c % $2::int),
                    SUM(requests), SUM(requests * (200 + c % 300)), SUM(requests * (50 + h % 100)), SUM(requests * 10), 0,
                    SUM(requests * (200 + c % 300) * 150 + requests * (50 + h % 100) * 600)
             FROM gen WHERE c % 10 < $3::int GROUP BY hour, p, c % $2::int`, [tag, values, share]);
  }
  for (const table of ['usage_rollups', 'usage_key_rollups', 'usage_tag_rollups']) await q(`ANALYZE ${table}`);
  const counts = await q(`SELECT (SELECT COUNT(*) FROM usage_rollups) AS rollups, (SELECT COUNT(*) FROM usage_key_rollups) AS key_rollups, (SELECT COUNT(*) FROM usage_tag_rollups) AS tag_rollups, (SELECT SUM(requests) FROM usage_rollups) AS requests`);
  const c = counts.rows[0];
  console.error(`rollup rows ${c.rollups}, without the end user ${c.key_rollups}, tag rollup rows ${c.tag_rollups}, requests ${c.requests}`);
  await db.end();
}

async function report() {
  const ctx = { db: store.db, now: () => Date.UTC(2026, 10, 1) };
  const operator = { kind: 'operator' };
  const month = { from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 10, 1), format: 'json' };
  const cases = [
    ['org, month, by day', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'day' })],
    ['org, month total', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'month' })],
    ['org, by day, group project', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'day', group_by: 'project' })],
    ['org, by day, group model', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'day', group_by: 'model' })],
    ['org, by day, group key', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'day', group_by: 'key' })],
    ['org, by day, group member', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'day', group_by: 'member' })],
    ['org, by month, group user', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'month', group_by: 'user' })],
    ['org, by day, group tag:team', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'day', group_by: 'tag:team' })],
    ['org, by hour, group model', () => getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'hour', group_by: 'model' })],
    ['org, by hour, group model, CSV', () => csv(getOrgUsage(ctx, operator, reply, 'org_bench', { ...month, granularity: 'hour', group_by: 'model', format: 'csv' }))],
    ['project, by day, group model', () => getProjectUsage(ctx, operator, reply, 'proj_bench0', { ...month, granularity: 'day', group_by: 'model' })],
  ];
  console.log(`| query | median ms | max ms | rows out |\n|---|---:|---:|---:|`);
  const rowsOut = (out) => (typeof out === 'number' ? out : out.data.length);
  const results = await timeCases(cases, Number(values.runs), rowsOut);
  const total = results.get('org, month total').totals;
  console.log(`\nmonth total: ${total.requests} requests, ${total.input_tokens} input tokens, $${total.cost_usd}`);
  // A query that finds nothing times nothing: say so rather than print a fast, empty figure.
  if (String(total.requests) !== N.requests.toString()) throw new Error(`the month total counts ${total.requests} requests, not the ${N.requests} loaded`);
  const empty = cases.map(([label]) => label).filter((label) => rowsOut(results.get(label)) === 0);
  if (empty.length > 0) throw new Error(`no rows from: ${empty.join('; ')}`);
}

/** Drain a CSV answer; returns its record count (header excluded). */
async function csv(pending) {
  let lines = 0;
  for await (const chunk of await pending) lines += String(chunk).split('\r\n').length - 1;
  return lines - 1;
}
