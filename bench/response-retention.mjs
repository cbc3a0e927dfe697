#!/usr/bin/env node
// The stored-response retention sweep on a big table: load --rows stored responses (PostgreSQL:
// generated inside the database with generate_series; SQLite: one transaction of inserts) of which
// --expired are past the retention, then time one sweep pass (dist/gateway/stored-responses/
// retention-sweeper.js over the SQL store, 100 rows a statement) and a pass with nothing left to
// delete (what every process runs every 10 minutes), each with and without the created_at index.
//
//   npx tsc -p tsconfig.build.json && node bench/response-retention.mjs [--rows 200000]
//        [--expired 20000] [--bytes 1000] [--engine postgres|sqlite]
//        [--database postgres://postgres@127.0.0.1:5432/test] [--dist dist]
//
// PostgreSQL: a fresh database is created next to --database and dropped at the end.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { timed } from './lib/time-cases.mjs';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    expired: { type: 'string', default: '20000' },
    bytes: { type: 'string', default: '1000' },
    engine: { type: 'string', default: 'postgres' },
    database: { type: 'string', default: process.env.TF_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test' },
    dist: { type: 'string', default: 'dist' },
  },
});
const ROWS = Number(values.rows);
const EXPIRED = Number(values.expired);
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24);
const RETENTION = 30 * DAY;
const dist = (path) => import(pathToFileURL(resolve(values.dist, path)).href);
const { openStore } = await dist('store/database.js');
const { migrateToLatest } = await dist('store/migrate.js');
const { createSqlResponseStore } = await dist('gateway/stored-responses/sql-response-store.js');
const { RetentionSweeper } = await dist('gateway/stored-responses/retention-sweeper.js');

/** Rows `i < EXPIRED` are older than the retention, the rest younger; ids are not in time order. */
const createdAt = (i) => (i < EXPIRED ? NOW - RETENTION - (EXPIRED - i) * 1_000 : NOW - RETENTION + 60_000 + i * 1_000);

async function load(store) {
  const filler = 'x'.repeat(Number(values.bytes));
  if (store.dialect.name === 'postgres') {
    await sql`INSERT INTO stored_responses (id, org_id, project_id, key_id, model, conversation, response, created_at)
      SELECT 'resp_' || md5(i::text), 'org_b', 'proj_' || (i % 50), NULL, 'm', ${`[{"role":"user","content":"${filler}"}]`}, '{}',
        CASE WHEN i < ${EXPIRED} THEN ${NOW - RETENTION}::bigint - (${EXPIRED} - i) * 1000 ELSE ${NOW - RETENTION + 60_000}::bigint + i * 1000 END
      FROM generate_series(0, ${ROWS - 1}) AS i`.execute(store.db);
    await sql`VACUUM ANALYZE stored_responses`.execute(store.db);
    return;
  }
  await store.db.transaction().execute(async (trx) => {
    for (let i = 0; i < ROWS; i += 500) {
      const batch = [];
      for (let j = i; j < Math.min(ROWS, i + 500); j++) {
        batch.push({ id: `resp_${randomBytes(8).toString('hex')}`, org_id: 'org_b', project_id: `proj_${j % 50}`, key_id: null, model: 'm', conversation: `[{"role":"user","content":"${filler}"}]`, response: '{}', created_at: createdAt(j) });
      }
      await trx.insertInto('stored_responses').values(batch).execute();
    }
  });
}

async function run(store, label) {
  const batches = [];
  const responses = createSqlResponseStore(store.db, { dialect: store.dialect });
  const counted = { ...responses, deleteCreatedBefore: async (before, limit) => {
    const t = await timed(() => responses.deleteCreatedBefore(before, limit));
    batches.push(t.ms);
    return t.result;
  } };
  const sweeper = new RetentionSweeper({ store: counted, retentionMs: RETENTION, now: () => NOW });
  const cpu = process.cpuUsage();
  const pass = await timed(() => sweeper.runOnce());
  const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1_000;
  const sorted = [...batches].sort((a, b) => a - b);
  const statements = batches.length;
  const idle = await timed(() => sweeper.runOnce());
  console.log(`| ${label} | ${pass.result} | ${statements} | ${pass.ms.toFixed(0)} | ${cpuMs.toFixed(0)} | ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} | ${sorted.at(-1).toFixed(1)} | ${idle.ms.toFixed(1)} |`);
}

async function withDatabase(body) {
  if (values.engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'tf-retention-'));
    try {
      await body(`sqlite:${join(dir, 'bench.db')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return;
  }
  const name = `tf_retention_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: values.database });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(values.database);
    url.pathname = `/${name}`;
    await body(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

console.log(`${values.engine}: ${ROWS} stored responses of ~${values.bytes} B, ${EXPIRED} past the retention; one pass, 100 rows a statement\n`);
console.log('| index | deleted | statements | pass ms | pass CPU ms (this process) | median statement ms | max statement ms | idle pass ms |');
console.log('|---|---|---|---|---|---|---|---|');
await withDatabase(async (url) => {
  const store = await openStore(url);
  try {
    await migrateToLatest(store.db);
    for (const label of ['created_at index', 'no created_at index']) {
      if (label === 'no created_at index') await store.db.schema.dropIndex('stored_responses_created_idx').execute();
      await sql`DELETE FROM stored_responses`.execute(store.db);
      await load(store);
      await run(store, label);
    }
  } finally {
    await store.close();
  }
});
