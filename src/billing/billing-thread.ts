/**
 * Worker-thread entry of {@link BillingThread}: the SQLite work of billing, off the thread that
 * serves requests. SQLite calls are synchronous, so on the main thread every request-log batch and
 * every settlement pass (≈30–40 µs per request) held the event loop. Here one thread writes the
 * request log (statements prepared once) and runs the ordinary {@link UsageSettler}, each on its own
 * connection to the gateway's file. The main thread keeps the schedule and the clock.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { openStore } from '../store/database.js';
import type { BillingThreadData, BillingThreadReply, BillingThreadRequest } from './billing-thread-protocol.js';
import { createSmtpBalanceAlertMailer } from './smtp-balance-alert-mailer.js';
import { UsageSettler } from './usage-settler.js';

const port = parentPort!;
const data = workerData as BillingThreadData;
const post = (message: BillingThreadReply) => port.postMessage(message);
const report = (what: string) => (error: unknown) => post({ type: 'error', what, error });

const store = await openStore(`sqlite:${data.file}`);
const writeLog = openLogWriter(data);
// The clock is the main thread's: each request carries its `now`.
let now = Date.now();
let settler: UsageSettler | null = null;

port.on('message', (request: BillingThreadRequest) => {
  const done = (error: unknown = null) =>
    post({ type: 'done', id: request.id, error: error === null ? null : toWire(error), ...(settler !== null ? { progress: settler.progress } : {}) });
  if (request.type === 'log') {
    try {
      writeLog(request.logRows, request.usageRows);
      done();
    } catch (error) {
      done(error);
    }
    return;
  }
  if (request.type === 'settler') {
    const smtp = request.smtp === null ? null : createSmtpBalanceAlertMailer(request.smtp);
    settler = new UsageSettler({
      db: store.db,
      intervalMs: 0, // never started here: the main thread schedules the passes
      now: () => now,
      onError: report('usage settlement'),
      alertMailer: smtp === null ? null : (message) => smtp(message).catch(report('balance alert email')),
    });
    return done();
  }
  now = request.now;
  if (request.type === 'settle') void (settler?.runOnce() ?? Promise.resolve()).then(() => done());
  else if (request.type === 'emails') void (settler?.emailsSent() ?? Promise.resolve()).then(() => done());
  else void (settler?.close() ?? Promise.resolve()).then(() => store.close()).then(() => done(), (error: unknown) => done(error));
});

/** Request-log batches: one transaction each, `ON CONFLICT (id) DO NOTHING`, so a retried batch changes nothing. */
function openLogWriter(config: BillingThreadData): (logRows: readonly unknown[][], usageRows: readonly unknown[][]) => void {
  const db = new BetterSqlite3(config.file);
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  const insert = (table: string, columns: readonly string[]) =>
    db.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')}) ON CONFLICT (id) DO NOTHING`);
  const insertLog = insert('request_log', config.logColumns);
  const insertUsage = insert('usage_events', config.usageColumns);
  return db.transaction((logRows: readonly unknown[][], usageRows: readonly unknown[][]) => {
    for (const row of logRows) insertLog.run(row);
    for (const row of usageRows) insertUsage.run(row);
  });
}

function toWire(error: unknown): { message: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return { message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
}
