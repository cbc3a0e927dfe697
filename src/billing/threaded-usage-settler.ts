import { billingThreadFor, type BillingThread } from './billing-thread-client.js';
import type { SmtpBalanceAlertMailerOptions } from './smtp-balance-alert-mailer.js';
import { UsageSettler, type SettlementProgress, type Settler, type UsageSettlerOptions } from './usage-settler.js';

/** Options of {@link createUsageSettler}. */
export interface CreateUsageSettlerOptions extends UsageSettlerOptions {
  /**
   * SMTP settings for balance-alert emails sent from the billing thread. The thread cannot call
   * `alertMailer` (a function of this thread): with an `alertMailer` and no `smtp`, settlement
   * stays on this thread.
   */
  readonly smtp?: SmtpBalanceAlertMailerOptions | null;
  /** Errors of the billing thread itself (it died; settlement continues on this thread). */
  readonly onWorkerError?: (error: unknown) => void;
  /** The billing thread's entry module (tests: the compiled one in dist/); default: beside this file. */
  readonly entry?: URL;
}

/**
 * A settler for this database: on the billing thread for a SQLite file (settlement's SQLite work is
 * synchronous and would otherwise hold the event loop that serves requests), on this thread for
 * PostgreSQL (asynchronous already) and in-memory SQLite (invisible to another connection).
 */
export async function createUsageSettler(options: CreateUsageSettlerOptions): Promise<Settler> {
  const mailerOnThisThread = options.alertMailer != null && options.smtp == null;
  const thread = mailerOnThisThread ? null : await billingThreadFor(options.db, options.entry);
  if (thread === null) return new UsageSettler(options);
  try {
    await thread.startSettler(options.smtp ?? null);
  } catch (error) {
    (options.onWorkerError ?? options.onError)(error);
    return new UsageSettler(options);
  }
  return new ThreadedUsageSettler(thread, options);
}

/**
 * {@link Settler} whose passes run on the billing thread. The schedule and the clock stay here:
 * every `intervalMs` a pass is requested unless one is still running. If the thread dies,
 * settlement moves to this thread (claims are idempotent, so nothing is debited twice).
 */
class ThreadedUsageSettler implements Settler {
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private inFlight = 0;
  private fallback: UsageSettler | null = null;

  constructor(private readonly thread: BillingThread, private readonly options: CreateUsageSettlerOptions) {
    thread.onError((_what, error) => options.onError(error));
    thread.onDeath((error) => this.failOver(error));
  }

  get runsOn(): 'main thread' | 'worker thread' {
    return this.fallback === null ? 'worker thread' : 'main thread';
  }

  get progress(): SettlementProgress {
    return this.fallback === null ? this.thread.progress : this.fallback.progress;
  }

  start(): void {
    this.started = true;
    if (this.fallback !== null) return this.fallback.start();
    this.timer = setInterval(() => {
      if (this.inFlight === 0) void this.runOnce();
    }, this.options.intervalMs);
    this.timer.unref();
  }

  runOnce(): Promise<void> {
    return this.ask('settle');
  }

  emailsSent(): Promise<void> {
    return this.ask('emails');
  }

  async close(): Promise<void> {
    this.started = false;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.ask('close');
  }

  private async ask(type: 'settle' | 'emails' | 'close'): Promise<void> {
    if (this.fallback !== null) return run(this.fallback, type);
    this.inFlight++;
    try {
      await this.thread.settler(type, this.options.now());
    } catch (error) {
      this.failOver(error);
      await run(this.fallback!, type);
    } finally {
      this.inFlight--;
    }
  }

  /** The thread died or failed a request: settle on this thread from now on. */
  private failOver(error: unknown): void {
    if (this.fallback !== null) return;
    (this.options.onWorkerError ?? this.options.onError)(error);
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.fallback = new UsageSettler(this.options);
    if (this.started) this.fallback.start();
  }
}

function run(settler: Settler, type: 'settle' | 'emails' | 'close'): Promise<void> {
  if (type === 'settle') return settler.runOnce();
  if (type === 'emails') return settler.emailsSent();
  return settler.close();
}
