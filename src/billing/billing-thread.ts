/**
 * Worker-thread entry of {@link BillingThread}: the SQLite work of billing, off the thread that
 * serves requests. SQLite calls are synchronous, so on the main thread every request-log batch and
 * every settlement pass (≈30–40 µs per request) held the event loop. Here one thread writes the
 * request log (statements prepared once) and runs the ordinary {@link UsageSettler}, each on its own
 * connection to the gateway's file. The main thread keeps the schedule and the clock.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../store/database.js';
import type { BillingThreadData, BillingThreadReply, BillingThreadRequest } from './billing-thread-protocol.js';
import { createSmtpBalanceAlertMailer } from './smtp-balance-alert-mailer.js';
import { openSqliteLogWriter } from './sqlite-log-writer.js';
import { UsageSettler } from './usage-settler.js';

const port = parentPort!;
const data = workerData as BillingThreadData;
const post = (message: BillingThreadReply) => port.postMessage(message);
const report = (what: string) => (error: unknown) => post({ type: 'error', what, error });

const store = await openStore(`sqlite:${data.file}`);
const logWriter = openSqliteLogWriter({ ...data, busyTimeoutMs: 5_000 });
// The clock is the main thread's: each request carries its `now`.
let now = Date.now();
let settler: UsageSettler | null = null;
post({ type: 'ready' });

port.on('message', (request: BillingThreadRequest) => {
  const done = (error: unknown = null) =>
    post({ type: 'done', id: request.id, error: error === null ? null : toWire(error), ...(settler !== null ? { progress: settler.progress } : {}) });
  if (request.type === 'log') {
    try {
      logWriter.write(request.logRows, request.usageRows);
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

function toWire(error: unknown): { message: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return { message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) };
}
