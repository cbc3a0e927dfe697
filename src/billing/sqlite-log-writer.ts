import { loadSqliteDriver } from '../store/sqlite-driver.js';

/** Options of {@link openSqliteLogWriter}. */
export interface SqliteLogWriterOptions {
  /** The gateway's SQLite file. */
  readonly file: string;
  /** Column order of the request-log rows. */
  readonly logColumns: readonly string[];
  /** Column order of the usage-event rows. */
  readonly usageColumns: readonly string[];
  /** How long a write waits for another connection's write lock, ms; 0: fail at once with SQLITE_BUSY. */
  readonly busyTimeoutMs: number;
}

/** A connection that writes request-log batches with statements prepared once. */
export interface SqliteLogWriter {
  /** One transaction, `ON CONFLICT (id) DO NOTHING`, so a retried batch changes nothing. */
  write(logRows: readonly unknown[][], usageRows: readonly unknown[][]): void;
  close(): void;
}

/** Open a request-log writer on its own connection to `file`; its transactions begin IMMEDIATE. */
export function openSqliteLogWriter(options: SqliteLogWriterOptions): SqliteLogWriter {
  const db = new (loadSqliteDriver())(options.file);
  db.pragma('synchronous = NORMAL');
  db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs)}`);
  db.pragma('foreign_keys = ON');
  const insert = (table: string, columns: readonly string[]) =>
    db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (id) DO NOTHING`);
  const insertLog = insert('request_log', options.logColumns);
  const insertUsage = insert('usage_events', options.usageColumns);
  const transaction = db.transaction((logRows: readonly unknown[][], usageRows: readonly unknown[][]) => {
    for (const row of logRows) insertLog.run(row);
    for (const row of usageRows) insertUsage.run(row);
  });
  return {
    // IMMEDIATE takes the write lock at BEGIN, so a busy file fails before any row is written.
    write: (logRows, usageRows) => transaction.immediate(logRows, usageRows),
    close: () => db.close(),
  };
}

/** True for SQLite's "another connection holds the lock" errors. */
export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}
