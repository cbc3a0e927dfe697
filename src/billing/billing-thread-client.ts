import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { sqliteFileOf } from '../store/sqlite-file.js';
import type { BillingThreadData, BillingThreadReply, BillingThreadRequest } from './billing-thread-protocol.js';
import type { RequestLogEntry } from './request-log-entry.js';
import { REQUEST_LOG_COLUMNS, requestLogValues } from './request-log-repository.js';
import type { SmtpBalanceAlertMailerOptions } from './smtp-balance-alert-mailer.js';
import type { SettlementProgress } from './usage-settler.js';
import { USAGE_EVENT_COLUMNS, isBillable, usageEventValues } from './usage-event-repository.js';

/**
 * The compiled worker entry. Code run from TypeScript source (vitest) has none; billing then stays
 * on the main thread (`npm test` builds first, and tests that need the thread point at dist/).
 */
const ENTRY = new URL('./billing-thread.js', import.meta.url);

const threads = new WeakMap<Kysely<Database>, Promise<BillingThread | null>>();

/**
 * The billing thread of this database, started on first use: only for a SQLite file (PostgreSQL is
 * asynchronous already; in-memory SQLite is invisible to another connection), and null once a
 * thread of this database has died (its work then stays on the main thread).
 */
export function billingThreadFor(db: Kysely<Database>, entry: URL = ENTRY): Promise<BillingThread | null> {
  let found = threads.get(db);
  if (found === undefined) {
    found = sqliteFileOf(db).then((file) => (file === null || !existsSync(fileURLToPath(entry)) ? null : new BillingThread(file, entry, () => threads.delete(db), () => threads.set(db, Promise.resolve(null)))));
    threads.set(db, found);
  }
  return found;
}

type SettlerRequest = 'settle' | 'emails' | 'close';

/** The main thread's side of `billing-thread.ts`: request-log batches and settlement passes as messages. */
export class BillingThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private state: 'running' | 'closed' | 'dead' = 'running';
  private readonly errorListeners: ((what: string, error: unknown) => void)[] = [];
  private readonly deathListeners: ((error: Error) => void)[] = [];
  private settlerProgress: SettlementProgress = { drainedAt: null, lastPassEvents: 0 };

  constructor(file: string, entry: URL, private readonly onClosed: () => void, private readonly onDied: () => void) {
    const workerData: BillingThreadData = { file, logColumns: REQUEST_LOG_COLUMNS, usageColumns: USAGE_EVENT_COLUMNS };
    // Its heap holds a batch at a time; a small young generation keeps the thread's memory down.
    this.worker = new Worker(entry, { workerData, resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 4 } });
    this.worker.unref();
    this.worker.on('message', (reply: BillingThreadReply) => this.receive(reply));
    this.worker.on('error', (error) => this.die(error));
    this.worker.on('exit', (code) => this.die(new Error(`The billing thread exited with code ${code}`)));
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
    return this.send((id) => ({ type: 'log', id, logRows, usageRows }));
  }

  /** Settle on the thread from now on, mailing balance alerts over `smtp` (null: none). */
  startSettler(smtp: SmtpBalanceAlertMailerOptions | null): Promise<void> {
    return this.send((id) => ({ type: 'settler', id, smtp }));
  }

  /** A settlement pass, the alert emails in flight, or the last pass and closing (the thread then stops). */
  async settler(type: SettlerRequest, now: number): Promise<void> {
    await this.send((id) => ({ type, id, now }));
    if (type !== 'close') return;
    this.state = 'closed';
    this.onClosed();
    await this.worker.terminate();
  }

  private send(request: (id: number) => BillingThreadRequest): Promise<void> {
    if (this.state !== 'running') return Promise.reject(new Error(`The billing thread is ${this.state}`));
    const id = this.nextId++;
    // While an answer is awaited the thread keeps the process alive (shutdown waits for the last pass).
    this.worker.ref();
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage(request(id));
    });
  }

  private receive(reply: BillingThreadReply): void {
    if (reply.type === 'error') {
      for (const listener of this.errorListeners) listener(reply.what, reply.error);
      return;
    }
    if (reply.progress !== undefined) this.settlerProgress = reply.progress;
    const waiter = this.waiting.get(reply.id);
    if (waiter === undefined) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.error === null) waiter.resolve();
    else waiter.reject(Object.assign(new Error(`billing thread: ${reply.error.message}`), { code: reply.error.code }));
  }

  private die(error: Error): void {
    if (this.state !== 'running') return;
    this.state = 'dead';
    this.onDied();
    for (const listener of this.deathListeners) listener(error);
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
