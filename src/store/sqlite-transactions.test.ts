import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openStore, type Store } from './database.js';
import { migrateToLatest } from './migrate.js';
import { sqliteDriverInfo } from './sqlite-driver.js';

describe('SQLite transactions on a file shared by two connections', () => {
  let dir: string;
  let file: string;
  let first: Store;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tf-sqlite-tx-'));
    file = join(dir, 'gateway.db');
    first = await openStore(`sqlite:${file}`);
    await migrateToLatest(first.db);
    await sql`CREATE TABLE scratch (name TEXT NOT NULL)`.execute(first.db);
  });
  afterAll(async () => {
    await first.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Insert one organization from another thread with its own connection, as the billing thread writes. */
  function writeFromAnotherThread(name: string): Promise<void> {
    const code = `
      const { workerData, parentPort } = require('node:worker_threads');
      const Database = require(workerData.driver);
      const db = new Database(workerData.file);
      db.pragma('busy_timeout = 5000');
      db.prepare('INSERT INTO scratch (name) VALUES (?)').run(workerData.name);
      db.close();
      parentPort.postMessage('done');`;
    const worker = new Worker(code, { eval: true, workerData: { file, name, driver: sqliteDriverInfo().entry } });
    return new Promise((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
  }

  it('should let a transaction that reads, waits and then writes commit while another thread writes meanwhile', async () => {
    // With a deferred BEGIN the other thread commits during the pause, and the first transaction's
    // write then fails with SQLITE_BUSY_SNAPSHOT (seen in settlement under load); BEGIN IMMEDIATE
    // makes the other thread wait for the lock instead.
    const other = await first.db.transaction().execute(async (trx) => {
      await trx.selectFrom('organizations').select('id').execute();
      const write = writeFromAnotherThread('written by another thread');
      await new Promise((r) => setTimeout(r, 100));
      await sql`INSERT INTO scratch (name) VALUES ('written by the first')`.execute(trx);
      return { write };
    });
    await other.write;
    const names = (await sql<{ name: string }>`SELECT name FROM scratch ORDER BY name`.execute(first.db)).rows.map((r) => r.name);
    expect(names).toEqual(['written by another thread', 'written by the first']);
  });
});
