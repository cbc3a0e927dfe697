import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { describeEachDialect } from '../testing/dialects.js';
import { openStore } from './database.js';
import { compareMigrationNames, migrateToLatest } from './migrate.js';
import { MIGRATIONS } from './migrations/index.js';

describeEachDialect('migrateToLatest', (ctx) => {
  it('should create every table of the schema', async () => {
    const { db } = ctx.store();
    for (const table of ['organizations', 'projects', 'api_keys', 'request_log', 'usage_events', 'ledger_entries'] as const) {
      const row = await db.selectFrom(table).select(sql<number>`COUNT(*)`.as('n')).executeTakeFirstOrThrow();
      expect(Number(row.n)).toBe(0);
    }
  });

  it('should apply nothing when the store is already at the latest migration', async () => {
    expect(await migrateToLatest(ctx.store().db)).toEqual([]);
  });

  it('should enforce foreign keys', async () => {
    const insert = ctx.store().db.insertInto('projects').values({ id: 'proj_orphan', org_id: 'org_missing', name: 'x', created_at: 1 }).execute();
    await expect(insert).rejects.toThrow(/foreign key/i);
  });
});

describe('migrateToLatest on a fresh database', () => {
  it('should apply every migration in name order', async () => {
    const store = await openStore('sqlite::memory:');
    try {
      const applied = await migrateToLatest(store.db);
      expect(applied).toEqual(Object.keys(MIGRATIONS).sort());
      for (const name of applied) expect(name).toMatch(/^\d{12}_[a-z]+_[a-z_]+$/);
    } finally {
      await store.close();
    }
  });
});

describe('openStore', () => {
  it('should refuse an unknown URL and name the accepted forms', async () => {
    await expect(openStore('mysql://root@localhost/db')).rejects.toThrow(/sqlite:<path>.*postgres:\/\//);
    await expect(openStore('sqlite:')).rejects.toThrow(/Accepted forms/);
  });

  it('should report an unreachable PostgreSQL without the password', async () => {
    const error = await openStore('postgres://user:hunter2@127.0.0.1:1/db').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/Cannot connect to PostgreSQL/);
    expect((error as Error).message).not.toContain('hunter2');
  });
});

describe('compareMigrationNames', () => {
  it('should order the registered migrations as kysely\'s default comparison (localeCompare) does', () => {
    const names = Object.keys(MIGRATIONS).reverse();
    expect([...names].sort(compareMigrationNames)).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});
