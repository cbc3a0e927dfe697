import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { openStore, type Store } from '../store/database.js';
import { migrateToLatest } from '../store/migrate.js';
import { IN_CI } from './in-ci.js';

/** An engine the store suites run against. */
export type TestDialectName = 'sqlite' | 'postgres';

/** What a store test gets: the engine, a migrated store, and the URL that opens the same database. */
export interface DialectTestContext {
  /** Engine under test. */
  readonly dialect: TestDialectName;
  /** The opened, migrated store (valid inside tests and hooks). */
  store(): Store;
  /** URL of the same database, for code under test that opens its own store (the CLI). */
  url(): string;
}

const PG_ADMIN_URL = process.env.TF_TEST_DATABASE_URL ?? '';
const ONLY = (process.env.TF_TEST_DIALECTS ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');

/** Engines to run: SQLite always, PostgreSQL when TF_TEST_DATABASE_URL is set; TF_TEST_DIALECTS=sqlite,postgres filters. */
export const DIALECTS: readonly TestDialectName[] = (['sqlite', 'postgres'] as const).filter(
  (d) => (ONLY.length === 0 || ONLY.includes(d)) && (d !== 'postgres' || PG_ADMIN_URL !== ''),
);

const PG_SKIP_REASON = 'PostgreSQL store tests skipped: TF_TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test).';
let skipAnnounced = false;

/**
 * Run a suite once per engine in {@link DIALECTS} (or those of them in `engines`, for a suite that
 * means something on some engines only), each against its own fresh, migrated database.
 */
export function describeEachDialect(name: string, body: (ctx: DialectTestContext) => void, engines: readonly TestDialectName[] = ['sqlite', 'postgres']): void {
  if (PG_ADMIN_URL === '' && engines.includes('postgres') && (ONLY.length === 0 || ONLY.includes('postgres'))) {
    if (IN_CI) throw new Error(`${PG_SKIP_REASON} CI must run every store test on PostgreSQL.`);
    if (!skipAnnounced) console.warn(PG_SKIP_REASON);
    skipAnnounced = true;
    it.skip(`${name} [postgres]: ${PG_SKIP_REASON}`, () => undefined);
  }
  for (const dialect of DIALECTS.filter((d) => engines.includes(d))) {
    describe(`${name} [${dialect}]`, () => {
      let database: TestDatabase | null = null;
      beforeAll(async () => {
        database = dialect === 'sqlite' ? await createSqliteDatabase() : await createPostgresDatabase(PG_ADMIN_URL);
      });
      afterAll(async () => {
        await database?.dispose();
      });
      body({
        dialect,
        store: () => required(database).store,
        url: () => required(database).url,
      });
    });
  }
}

/** A throwaway database for one suite. */
interface TestDatabase {
  readonly url: string;
  readonly store: Store;
  dispose(): Promise<void>;
}

function required(database: TestDatabase | null): TestDatabase {
  if (database === null) throw new Error('The test database is opened in beforeAll; use ctx.store() inside tests or hooks.');
  return database;
}

async function createSqliteDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'tf-store-'));
  const url = `sqlite:${join(dir, 'test.db')}`;
  const store = await openStore(url);
  await migrateToLatest(store.db);
  return {
    url,
    store,
    async dispose() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const name = `tf_t_${randomBytes(6).toString('hex')}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const url = target.toString();
  const store = await openStore(url, { maxConnections: 4 });
  await migrateToLatest(store.db);
  return {
    url,
    store,
    async dispose() {
      await store.close();
      await withAdminClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
