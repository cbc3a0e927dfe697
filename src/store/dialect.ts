/**
 * What differs between the engines, as data (kysely's DialectAdapter idea). Domain code reads these
 * flags; it never asks which engine it runs on.
 */
export interface DialectInfo {
  /** Engine name, for logs and diagnostics only. */
  readonly name: 'sqlite' | 'postgres';
  /** Most bind parameters one statement may carry; multi-row inserts must stay below it. */
  readonly maxBindParameters: number;
  /** Whether several processes may write at once (false for SQLite: one writer, others wait on `busy_timeout`). */
  readonly concurrentWriters: boolean;
  /**
   * Whether `SELECT ... FOR UPDATE SKIP LOCKED` exists, so that several processes can each take rows
   * no other holds (a sweep in batches) without waiting on, or deadlocking with, one another.
   */
  readonly skipLocked: boolean;
}

/** SQLite through better-sqlite3 (SQLITE_MAX_VARIABLE_NUMBER is 32766 since 3.32). */
export const SQLITE_DIALECT: DialectInfo = Object.freeze({
  name: 'sqlite',
  maxBindParameters: 32_766,
  concurrentWriters: false,
  skipLocked: false,
});

/** PostgreSQL through pg (the wire protocol counts parameters in 16 bits). */
export const POSTGRES_DIALECT: DialectInfo = Object.freeze({
  name: 'postgres',
  maxBindParameters: 65_535,
  concurrentWriters: true,
  skipLocked: true,
});
