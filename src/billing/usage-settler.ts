import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { settleUsage } from './settle-usage.js';

/** Options of a {@link UsageSettler}. */
export interface UsageSettlerOptions {
  readonly db: Kysely<Database>;
  /** Pause between passes when there is nothing left, ms. */
  readonly intervalMs: number;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
}

/**
 * Background job turning pending usage events into ledger debits. Every process runs one; claims
 * are idempotent, so several settlers on one database share the work without double debits.
 */
export class UsageSettler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: UsageSettlerOptions) {}

  /** Start settling periodically. */
  start(): void {
    this.timer = setInterval(() => void this.runOnce(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Settle everything pending now (tests and shutdown); passes never overlap. */
  async runOnce(): Promise<void> {
    if (this.running !== null) return this.running;
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stop the timer and settle what is pending. */
  async close(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.runOnce();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        const result = await settleUsage(this.options.db, this.options.now(), 500);
        if (result.events < 500) return;
      }
    } catch (error) {
      this.options.onError(error);
    }
  }
}
