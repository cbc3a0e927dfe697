import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { sqliteFileOf } from '../store/sqlite-file.js';
import type { BillingThreadData, BillingThreadReply, BillingThreadRequest } from './billing-thread-protocol.js';
import { findOrgsWithDueBuckets } from './credit-buckets.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { REQUEST_LOG_COLUMNS, requestLogValues } from './request-log-repository.js';
import type { SmtpBalanceAlertMailerOptions } from './smtp-balance-alert-mailer.js';
import { isSqliteBusy, openSqliteLogWriter, type SqliteLogWriter } from './sqlite-log-writer.js';
import type { SettlementProgress } from './usage-settler.js';
import { USAGE_EVENT_COLUMNS, isBillable, usageEventValues } from './usage-event-repository.js';

/**
 * The compiled worker entry. Code run from TypeScript source (vitest) has none; billing then stays
 * on the main thread (`npm test` builds first, and tests that need the thread point at dist/).
 */
// `../billing/`: the same file from tsc's dist/billing/ and from the bundle's dist/chunks/.
const ENTRY = new URL('../billing/billing-thread.js', import.meta.url);

const threads = new WeakMap<Kysely<Database>, Promise<BillingThread | null>>();

/**
 * The billing thread of this database: only for a SQLite file (PostgreSQL is asynchronous already;
 * in-memory SQLite is invisible to another connection), and null once a thread of this database has
 * died (its work then stays on the main thread). The worker itself starts on the first request-log
 * batch or the first settlement pass that finds work (see {@link BillingThread.start}).
 */
export function billingThreadFor(db: Kysely<Database>, entry: URL = ENTRY): Promise<BillingThread | null> {
  let found = threads.get(db);
  if (found === undefined) {
    found = sqliteFileOf(db).then((file) =>
      file === null || !existsSync(fileURLToPath(entry))
        ? null
        : new BillingThread(file, entry, () => threads.delete(db), () => threads.set(db, Promise.resolve(null)), (now) => hasSettlementWork(db, now)),
    );
    threads.set(db, found);
  }
  return found;
}

/** Whether a settlement pass at `now` would find anything: a pending usage event or a credit bucket due to expire. */
async function hasSettlementWork(db: Kysely<Database>, now: number): Promise<boolean> {
  const pending = await db.selectFrom('usage_events').select('id').where('settled_at', 'is', null).limit(1).executeTakeFirst();
  return pending !== undefined || (await findOrgsWithDueBuckets(db, now, 1)).length > 0;
}

type SettlerRequest = 'settle' | 'emails' | 'close';

/**
 * Batches of at most this many entries are written on the calling thread. A request that waits for
 * its entry's commit (durable finish) at low concurrency is a batch of one; written here it costs
 * one small synchronous transaction (tens of µs, the event loop is otherwise idle), where the round
 * trip to the thread cost more CPU than the transaction (two messages and two thread wake-ups).
 * Larger batches go to the thread, so the event loop is never held for a big one.
 */
const INLINE_MAX_ENTRIES = 2;

/**
 * The main thread's side of `billing-thread.ts`: request-log batches and settlement passes as messages.
 *
 * The worker is started only when there is work: its isolate (kysely's ≈400 modules, SQLite
 * connections, its own heap) is ≈20 MiB of RSS, a fifth of an idle gateway's. Until then a
 * settlement pass asks this thread's connection whether anything is pending (two indexed `LIMIT 1`
 * reads, what the pass itself would begin with) and is skipped when nothing is.
 */
export class BillingThread {
  private worker: Worker | null = null;
  /** The settler's SMTP settings once `startSettler` was called (sent to the worker when it starts). */
  private settlerSmtp: SmtpBalanceAlertMailerOptions | null | undefined = undefined;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private state: 'running' | 'closed' | 'dead' = 'running';
  private readonly errorListeners: ((what: string, error: unknown) => void)[] = [];
  private readonly deathListeners: ((error: Error) => void)[] = [];
  private settlerProgress: SettlementProgress = { drainedAt: null, lastPassEvents: 0 };
  private loaded = false;
  /** This thread's connection for small batches; it never waits for a lock (a busy file sends the batch to the thread); opened on first use. */
  private inline: SqliteLogWriter | 'unavailable' | null = null;

  constructor(
    private readonly file: string,
    private readonly entry: URL,
    private readonly onClosed: () => void,
    private readonly onDied: () => void,
    private readonly hasWork: (now: number) => Promise<boolean>,
  ) {}

  /** Whether the worker has been started. */
  get started(): boolean {
    return this.worker !== null;
  }

  /**
   * Whether the worker has loaded and opened its connections (it says so unasked). Until then every
   * request-log batch is written on this thread's connection ({@link writeLog}), so the first
   * answers do not wait ≈0.1-0.5 s for the thread's start before their durable finish.
   */
  get ready(): boolean {
    return this.loaded && this.state === 'running';
  }

  /**
   * Start the worker now if it is not running (the first request-log batch does; batches are written
   * on this thread until it has loaded, so no answer waits for its start).
   */
  start(): void {
    if (this.worker !== null || this.state !== 'running') return;
    const workerData: BillingThreadData = { file: this.file, logColumns: REQUEST_LOG_COLUMNS, usageColumns: USAGE_EVENT_COLUMNS };
    // Its heap holds a batch at a time; a small young generation keeps the thread's memory down.
    const worker = new Worker(this.entry, { workerData, resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 } });
    this.worker = worker;
    worker.unref();
    worker.on('message', (reply: BillingThreadReply) => this.receive(reply));
    worker.on('error', (error) => this.die(error));
    worker.on('exit', (code) => this.die(new Error(`The billing thread exited with code ${code}`)));
    // A failure here reaches the settler through onDeath; nobody awaits this answer.
    if (this.settlerSmtp !== undefined) this.send((id) => ({ type: 'settler', id, smtp: this.settlerSmtp ?? null })).catch(() => undefined);
  }

  /** The thread's settler progress as of its last answer. */
  get progress(): SettlementProgress {
    return this.settlerProgress;
  }

  /** Settlement errors reported by the thread (a pass failed, an alert email failed). */
  onError(listener: (what: string, error: unknown) => void): void {
    this.errorListeners.push(listener);
  }

  /** Called once if the thread dies; requests in flight then reject. */
  onDeath(listener: (error: Error) => void): void {
    this.deathListeners.push(listener);
  }

  /** Persist a batch of request-log entries and their usage events in one transaction. */
  writeLog(entries: readonly RequestLogEntry[]): Promise<void> {
    const logRows: unknown[][] = [];
    const usageRows: unknown[][] = [];
    for (const entry of entries) {
      logRows.push(requestLogValues(entry));
      if (isBillable(entry)) usageRows.push(usageEventValues(entry));
    }
    // Until the thread has loaded, every batch is written here (and the thread started): a batch sent
    // now would wait ≈0.1-0.5 s for its start, and these prepared statements hold the event loop far
    // less than the query builder that wrote such batches before, in a started gateway's first burst.
    const loaded = this.ready;
    if (!loaded) this.start();
    if ((entries.length <= INLINE_MAX_ENTRIES || !loaded) && this.state === 'running') {
      try {
        this.inlineWriter()?.write(logRows, usageRows);
        if (this.inline !== 'unavailable') return Promise.resolve();
      } catch (error) {
        // Settlement holds the write lock: the thread waits for it instead of this event loop.
        if (!isSqliteBusy(error)) return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    this.start();
    return this.send((id) => ({ type: 'log', id, logRows, usageRows }));
  }

  /** Settle on the thread from now on, mailing balance alerts over `smtp` (null: none). */
  startSettler(smtp: SmtpBalanceAlertMailerOptions | null): Promise<void> {
    this.settlerSmtp = smtp;
    return this.worker === null ? Promise.resolve() : this.send((id) => ({ type: 'settler', id, smtp }));
  }

  /** A settlement pass, the alert emails in flight, or the last pass and closing (the thread then stops). */
  async settler(type: SettlerRequest, now: number): Promise<void> {
    if (this.worker === null && this.state === 'running') {
      // Not started: no alert email can be in flight, and a pass with nothing to do is skipped.
      if (type === 'emails') return;
      if (await this.hasWork(now)) this.start();
      else if (type === 'settle') {
        this.settlerProgress = { drainedAt: now, lastPassEvents: 0 };
        return;
      } else {
        this.state = 'closed';
        this.onClosed();
        return;
      }
    }
    await this.send((id) => ({ type, id, now }));
    if (type !== 'close') return;
    this.state = 'closed';
    this.closeInline();
    this.onClosed();
    await this.worker?.terminate();
  }

  /** The connection for small batches, opened on first use; null if it cannot be opened (the thread writes). */
  private inlineWriter(): SqliteLogWriter | null {
    if (this.inline === 'unavailable') return null;
    try {
      // This connection writes most log rows, so it also runs SQLite's automatic WAL checkpoints: left
      // to the thread's connections (which rarely write now) the WAL grew without bound, settlement
      // slowed five-fold (200 events 15 → 100 ms) and answers waiting on a commit behind it took
      // p99 +100 ms at c1. A checkpoint here costs the event loop a few ms about once a second.
      this.inline ??= openSqliteLogWriter({ file: this.file, logColumns: REQUEST_LOG_COLUMNS, usageColumns: USAGE_EVENT_COLUMNS, busyTimeoutMs: 0 });
    } catch {
      this.inline = 'unavailable';
      return null;
    }
    return this.inline;
  }

  private closeInline(): void {
    if (this.inline !== null && this.inline !== 'unavailable') this.inline.close();
    this.inline = null;
  }

  private send(request: (id: number) => BillingThreadRequest): Promise<void> {
    if (this.state !== 'running') return Promise.reject(new Error(`The billing thread is ${this.state}`));
    const worker = this.worker;
    if (worker === null) return Promise.reject(new Error('The billing thread is not started'));
    const id = this.nextId++;
    // While an answer is awaited the thread keeps the process alive (shutdown waits for the last pass).
    worker.ref();
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage(request(id));
    });
  }

  private receive(reply: BillingThreadReply): void {
    if (reply.type === 'ready') {
      this.loaded = true;
      return;
    }
    if (reply.type === 'error') {
      for (const listener of this.errorListeners) listener(reply.what, reply.error);
      return;
    }
    this.loaded = true;
    if (reply.progress !== undefined) this.settlerProgress = reply.progress;
    const waiter = this.waiting.get(reply.id);
    if (waiter === undefined) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker?.unref();
    if (reply.error === null) waiter.resolve();
    else waiter.reject(Object.assign(new Error(`billing thread: ${reply.error.message}`), { code: reply.error.code }));
  }

  private die(error: Error): void {
    if (this.state !== 'running') return;
    this.state = 'dead';
    this.closeInline();
    this.onDied();
    for (const listener of this.deathListeners) listener(error);
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
