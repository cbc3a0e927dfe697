import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SqliteAdapter, sql, type Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { REQUEST_LOG_COLUMNS, insertRequestLogRows, requestLogValues } from './request-log-repository.js';
import { USAGE_EVENT_COLUMNS, insertUsageEvents, isBillable, usageEventValues } from './usage-event-repository.js';

/**
 * Persist a batch of request-log entries and their usage events in one transaction (idempotent by
 * request id, so a retried batch never double-counts).
 *
 * On a SQLite file the batch goes to a worker thread with its own connection and statements prepared
 * once: the insert then costs the request path only a message, where kysely's compile, SQLite's
 * prepare and the synchronous insert blocked the event loop for milliseconds per batch. PostgreSQL
 * (asynchronous already) and in-memory SQLite (invisible to a second connection) use the query builder.
 */
export async function writeRequestLog(db: Kysely<Database>, entries: readonly RequestLogEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const worker = await sqliteWorkerFor(db);
  if (worker !== null) return worker.write(entries);
  await db.transaction().execute(async (trx) => {
    await insertRequestLogRows(trx, entries);
    await insertUsageEvents(trx, entries);
  });
}

/** An idle worker is stopped after this long (it is restarted by the next batch). */
const WORKER_IDLE_MS = 10_000;

const workers = new WeakMap<Kysely<Database>, Promise<SqliteLogWorker | null>>();

function sqliteWorkerFor(db: Kysely<Database>): Promise<SqliteLogWorker | null> {
  let found = workers.get(db);
  if (found === undefined) {
    found = openSqliteWorker(db, () => workers.delete(db)).catch(() => null);
    workers.set(db, found);
  }
  return found;
}

async function openSqliteWorker(db: Kysely<Database>, onStop: () => void): Promise<SqliteLogWorker | null> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return null;
  const { rows } = await sql<{ name: string; file: string | null }>`PRAGMA database_list`.execute(db);
  const file = rows.find((row) => row.name === 'main')?.file ?? '';
  if (file === '') return null;
  return new SqliteLogWorker(file, onStop);
}

/** The worker's side: one connection, statements prepared once, one transaction per batch. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
const statement = (table, columns) =>
  db.prepare('INSERT INTO ' + table + ' (' + columns.join(', ') + ') VALUES (' + columns.map(() => '?').join(', ') + ') ON CONFLICT (id) DO NOTHING');
const insertLog = statement('request_log', workerData.logColumns);
const insertUsage = statement('usage_events', workerData.usageColumns);
const writeBatch = db.transaction((logRows, usageRows) => {
  for (const row of logRows) insertLog.run(row);
  for (const row of usageRows) insertUsage.run(row);
});
parentPort.on('message', (message) => {
  try {
    writeBatch(message.logRows, message.usageRows);
    parentPort.postMessage({ id: message.id, error: null });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: String(error && error.message), code: error && error.code } });
  }
});
`;

interface WorkerReply {
  readonly id: number;
  readonly error: { readonly message: string; readonly code?: string } | null;
}

/** A worker thread writing request-log batches to one SQLite file. */
class SqliteLogWorker {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(file: string, private readonly onStop: () => void) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file,
        logColumns: REQUEST_LOG_COLUMNS,
        usageColumns: USAGE_EVENT_COLUMNS,
      },
      // A small heap: the worker only binds rows.
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
    });
    this.worker.unref();
    this.worker.on('message', (reply: WorkerReply) => this.settle(reply));
    this.worker.on('error', (error) => this.stop(error));
    this.worker.on('exit', (code) => this.stop(new Error(`The request-log worker exited with code ${code}`)));
  }

  write(entries: readonly RequestLogEntry[]): Promise<void> {
    if (this.stopped) return Promise.reject(new Error('The request-log worker has stopped'));
    const logRows: unknown[][] = [];
    const usageRows: unknown[][] = [];
    for (const entry of entries) {
      logRows.push(requestLogValues(entry));
      if (isBillable(entry)) usageRows.push(usageEventValues(entry));
    }
    const id = this.nextId++;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.worker.ref();
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, logRows, usageRows });
    });
  }

  private settle(reply: WorkerReply): void {
    const waiter = this.pending.get(reply.id);
    if (waiter === undefined) return;
    this.pending.delete(reply.id);
    if (reply.error === null) waiter.resolve();
    else waiter.reject(Object.assign(new Error(`request log write failed: ${reply.error.message}`), { code: reply.error.code }));
    if (this.pending.size === 0) {
      // Nothing in flight: the worker must not keep the process alive, and goes away when idle.
      this.worker.unref();
      this.idleTimer = setTimeout(() => void this.worker.terminate(), WORKER_IDLE_MS);
      this.idleTimer.unref();
    }
  }

  private stop(error: Error): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.onStop();
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
