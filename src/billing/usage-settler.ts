import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { mailBalanceCrossings, type BalanceAlertMailer } from './balance-alert-mailer.js';
import type { BalanceCrossing } from './balance-alerts.js';
import { expireCreditBuckets } from './expire-credit-buckets.js';
import { settleUsage } from './settle-usage.js';

/**
 * Events per settlement transaction. Small enough that one batch holds the event loop for a few
 * milliseconds on SQLite (≈40 µs per event), so requests in flight see no long stall.
 */
const SETTLE_BATCH = 200;

/** What a settler knows about the outbox from its own passes (metrics read it; no query of its own). */
export interface SettlementProgress {
  /** When the last pass that left no usage event pending began, ms since epoch; null before the first. */
  readonly drainedAt: number | null;
  /** Usage events the last completed pass found waiting (and settled). */
  readonly lastPassEvents: number;
}

/** Settles usage in the background: on this thread ({@link UsageSettler}) or on a worker thread (`ThreadedUsageSettler`). */
export interface Settler {
  /** Where passes run now (a worker's settler falls back to the main thread if the worker dies). */
  readonly runsOn: 'main thread' | 'worker thread';
  /** Progress as of the last pass. */
  readonly progress: SettlementProgress;
  /** Start settling periodically. */
  start(): void;
  /** Settle everything pending and expire what is due; resolves after a pass that started after the call. */
  runOnce(): Promise<void>;
  /** Alert emails of past passes still being sent. */
  emailsSent(): Promise<void>;
  /** Stop the timer and settle what is pending. */
  close(): Promise<void>;
}

/** Options of a {@link UsageSettler}. */
export interface UsageSettlerOptions {
  readonly db: Kysely<Database>;
  /** Pause between passes when there is nothing left, ms. */
  readonly intervalMs: number;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
  /** Emails balance alerts after commit (SMTP configured); absent: console notifications and webhooks only. */
  readonly alertMailer?: BalanceAlertMailer | null;
}

/**
 * Background job turning pending usage events into ledger debits and expiring credit buckets that
 * ran out. Every process runs one; claims and sweeps are idempotent, so several settlers on one
 * database share the work without double debits.
 */
export class UsageSettler implements Settler {
  private timer: NodeJS.Timeout | null = null;
  /** Passes run one after another. */
  private chain: Promise<void> = Promise.resolve();
  /** A pass queued but not started yet, which every caller until it starts can share. */
  private queued: Promise<void> | null = null;
  private mailing: Promise<void> = Promise.resolve();
  private lastProgress: SettlementProgress = { drainedAt: null, lastPassEvents: 0 };

  readonly runsOn = 'main thread';

  get progress(): SettlementProgress {
    return this.lastProgress;
  }

  constructor(private readonly options: UsageSettlerOptions) {}

  /** Start settling periodically. */
  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  /**
   * Settle everything pending and expire what is due (tests and shutdown); passes never overlap.
   * Resolves after a pass that started after this call, so usage committed before the call is
   * settled (a pass already running may have looked for pending events too early).
   */
  runOnce(): Promise<void> {
    if (this.queued !== null) return this.queued;
    const pass = this.chain.then(() => {
      this.queued = null;
      return this.drain();
    });
    this.queued = pass;
    this.chain = pass;
    return pass;
  }

  /** Alert emails of past passes still being sent (tests wait on it; settlement never does). */
  emailsSent(): Promise<void> {
    return this.mailing;
  }

  /** Stop the timer and settle what is pending. */
  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.runOnce();
  }

  private async drain(): Promise<void> {
    const startedAt = this.options.now();
    let events = 0;
    try {
      for (;;) {
        const result = await settleUsage(this.options.db, this.options.now(), SETTLE_BATCH);
        this.mail(result.crossings);
        events += result.events;
        if (result.events < SETTLE_BATCH) break;
        // On SQLite a batch runs synchronously (its awaits are already-resolved promises), so
        // without this a busy second's backlog would hold the event loop for its whole length.
        await yieldToEventLoop();
      }
      this.lastProgress = { drainedAt: startedAt, lastPassEvents: events };
      this.mail((await expireCreditBuckets(this.options.db, this.options.now())).crossings);
    } catch (error) {
      if (events > 0) this.lastProgress = { drainedAt: this.lastProgress.drainedAt, lastPassEvents: events };
      this.options.onError(error);
    }
  }

  private mail(crossings: readonly BalanceCrossing[]): void {
    if (crossings.length === 0 || !this.options.alertMailer) return;
    const sending = mailBalanceCrossings(this.options.alertMailer, crossings, this.options.onError);
    this.mailing = this.mailing.then(() => sending);
  }
}
