import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type Pg from 'pg';
import { POSTGRES_DIALECT, SQLITE_DIALECT, type DialectInfo } from './dialect.js';
import type { Database } from './schema.js';
import { loadSqliteDriver } from './sqlite-driver.js';

/** An open database: the typed query builder, its engine's capabilities, and a way to close it. */
export interface Store {
  /** Typed query builder over every table. */
  readonly db: Kysely<Database>;
  /** Capability flags of the engine. */
  readonly dialect: DialectInfo;
  /** One trivial query (`SELECT 1`): resolves when the database answers now (readiness checks). */
  ping(): Promise<void>;
  /** Close the connection(s); the store is unusable afterwards. */
  close(): Promise<void>;
}

/** Tuning for {@link openStore}. */
export interface OpenStoreOptions {
  /** PostgreSQL pool size (default 10); ignored for SQLite. */
  readonly maxConnections?: number;
  /** How long SQLite waits for the write lock before failing, ms (default 5000). */
  readonly busyTimeoutMs?: number;
}

const ACCEPTED = "Accepted forms: 'sqlite:<path>' (e.g. sqlite:./data/tf-gateway.db), 'sqlite::memory:', 'postgres://user@host:5432/db' or 'postgresql://...'.";

const PG_INT8_OID = 20;

// pg loads only when a PostgreSQL URL is opened: a SQLite gateway never needs it.
let loadedPg: Promise<typeof Pg> | undefined;

/** Open the store named by a URL. This is the only place that picks the engine. */
export async function openStore(url: string, options: OpenStoreOptions = {}): Promise<Store> {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length), options);
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return openPostgres(url, options);
  throw new Error(`Unsupported database URL '${redact(url)}'. ${ACCEPTED}`);
}

function openSqlite(path: string, options: OpenStoreOptions): Store {
  if (path === '' || path.startsWith('//')) throw new Error(`Invalid SQLite URL 'sqlite:${path}': give a file path. ${ACCEPTED}`);
  const memory = path === ':memory:';
  const file = memory ? ':memory:' : resolve(path);
  if (!memory) mkdirSync(dirname(file), { recursive: true });
  const database = new (loadSqliteDriver())(file);
  if (!memory) database.pragma('journal_mode = WAL');
  // WAL makes NORMAL durable against application crashes; only an OS crash can lose the last commits.
  database.pragma('synchronous = NORMAL');
  database.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 5_000)}`);
  database.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
  return { db, dialect: SQLITE_DIALECT, ping: () => ping(db), close: () => db.destroy() };
}

async function ping(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/** Prepared statements kept per connection (most recently used). */
const STATEMENT_CACHE_SIZE = 100;

/**
 * kysely prepares every query anew; for the multi-row statements of settlement (thousands of
 * parameters) SQLite's prepare costs about as much as running them. Statements are reused by SQL
 * text instead (better-sqlite3 re-prepares by itself after a schema change); one still being
 * iterated is not handed out again. Transactions begin IMMEDIATE (see below).
 */
function withStatementCache(database: BetterSqlite3.Database): { prepare(sql: string): BetterSqlite3.Statement; close(): void } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(text: string): BetterSqlite3.Statement {
      // kysely opens transactions with a plain (deferred) BEGIN. A transaction that reads and then
      // writes can then fail with SQLITE_BUSY_SNAPSHOT when another connection (the request-log
      // worker) commits in between — busy_timeout does not help there. BEGIN IMMEDIATE takes the
      // write lock first and waits for it up to busy_timeout instead.
      const sql = text === 'begin' ? 'begin immediate' : text;
      const found = cache.get(sql);
      if (found !== undefined && !found.busy) {
        cache.delete(sql);
        cache.set(sql, found);
        return found;
      }
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return statement;
    },
    close: () => database.close(),
  };
}

async function openPostgres(url: string, options: OpenStoreOptions): Promise<Store> {
  const pg = await (loadedPg ??= import('pg').then((module) => module.default));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    types: { getTypeParser: pgTypeParser(pg) },
  });
  // An idle client whose server connection drops (PostgreSQL restart, failover) emits 'error' on
  // the pool; unhandled, that would crash the process. The pool discards the client and opens a
  // new one on the next query, whose failure reaches the caller (and the batch writer retries).
  pool.on('error', () => undefined);
  // A client checked out of the pool (a query or transaction in flight) has no 'error' listener of
  // the pool's, and kysely adds none: a connection reset then (PostgreSQL restarting, a proxy or
  // network cutting it) was an uncaught exception that ended the process. The query itself still
  // fails with the error, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await db.destroy();
    throw new Error(`Cannot connect to PostgreSQL at '${redact(url)}': ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return { db, dialect: POSTGRES_DIALECT, ping: () => ping(db), close: () => db.destroy() };
}

/**
 * BIGINT columns other than money (timestamps in ms, counts) read as numbers in SQLite; make pg agree.
 * A value beyond 2^53 stays a string rather than lose digits; money is read as text anyway.
 */
function pgTypeParser(pg: typeof Pg) {
  return (oid: number, format?: 'text' | 'binary') => {
    if (oid === PG_INT8_OID && format !== 'binary') return parseInt8;
    return format === 'binary' ? pg.types.getTypeParser(oid, 'binary') : pg.types.getTypeParser(oid, 'text');
  };
}

function parseInt8(text: string): number | string {
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : text;
}

/** A URL without its password, for error messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}
