import type { LimitStore } from '../../limits/limit-store.js';

/** Options of an {@link AccountSyncer}. */
export interface AccountSyncerOptions {
  readonly store: LimitStore;
  /** Read an account's base from the database (`org:`, `project:` or `key:` id). */
  readonly readBase: (id: string) => Promise<bigint>;
  /** How often accounts in use are re-read (bounds how late a top-up or budget change shows). */
  readonly refreshMs: number;
  readonly now: () => number;
  readonly onError: (error: unknown) => void;
}

/** Longest delay between a batch write and the re-read of the accounts it charged. */
const WRITTEN_REFRESH_MS = 1000;

/** Accounts not used for this long are no longer refreshed. */
const IDLE_MS = 10 * 60_000;

/**
 * Keeps each account's base in the limit store in step with the database, and hands over the
 * cost of finished requests from "unwritten" to the database's own figure without a gap or a
 * double count: a cost written to the store is forgotten only by a sync whose read began after
 * the write committed (the store's sequence number orders reads across processes).
 */
export class AccountSyncer {
  /** Cost written to the database but not yet confirmed by a sync, per account. */
  private readonly committed = new Map<string, bigint>();
  private readonly lastUsed = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private pendingRefresh: Promise<void> | null = null;
  private runPendingRefresh: (() => void) | null = null;

  constructor(private readonly options: AccountSyncerOptions) {}

  /** Start the periodic refresh. */
  start(): void {
    this.timer = setInterval(() => void this.refreshActive(), this.options.refreshMs);
    this.timer.unref();
  }

  /** Stop the periodic refresh. */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Note that accounts are in use (so they are kept fresh). */
  touch(ids: readonly string[]): void {
    const now = this.options.now();
    for (const id of ids) this.lastUsed.set(id, now);
  }

  /**
   * Record that these costs are now in the database; the accounts are re-read by one coalesced
   * refresh per window. Until then the costs stay counted as unwritten in the store, so deferring
   * is safe; re-reading after every batch (ten a second) made balance sums most of the hot path's
   * database work.
   */
  written(costs: ReadonlyMap<string, bigint>): Promise<void> {
    for (const [id, cost] of costs) this.committed.set(id, (this.committed.get(id) ?? 0n) + cost);
    this.pendingRefresh ??= new Promise<void>((resolve, reject) => {
      const run = () => {
        this.pendingRefresh = null;
        this.runPendingRefresh = null;
        this.refresh([...this.committed.keys()]).then(resolve, reject);
      };
      const timer = setTimeout(run, Math.min(WRITTEN_REFRESH_MS, this.options.refreshMs));
      timer.unref();
      this.runPendingRefresh = () => {
        clearTimeout(timer);
        run();
      };
    });
    return this.pendingRefresh;
  }

  /**
   * Run the refresh that {@link written} deferred now (shutdown). Its timer does not keep the
   * process alive, so waiting for it at shutdown let the process exit half-way through closing.
   */
  flush(): Promise<void> {
    const pending = this.pendingRefresh;
    this.runPendingRefresh?.();
    return pending ?? Promise.resolve();
  }

  /** Re-read accounts from the database; rejects if any read failed (those stay as they were). */
  async refresh(ids: readonly string[]): Promise<void> {
    const results = await Promise.allSettled(ids.map((id) => this.refreshOne(id)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }

  private async refreshOne(id: string): Promise<void> {
    const seq = await this.options.store.nextSyncSeq();
    // Everything counted here committed before `seq` was issued, so the read below includes it.
    const confirmed = this.committed.get(id) ?? 0n;
    this.committed.delete(id);
    try {
      const base = await this.options.readBase(id);
      await this.options.store.applySync(id, base, seq, confirmed);
    } catch (error) {
      if (confirmed !== 0n) this.committed.set(id, (this.committed.get(id) ?? 0n) + confirmed);
      throw error;
    }
  }

  private async refreshActive(): Promise<void> {
    const cutoff = this.options.now() - IDLE_MS;
    const active: string[] = [];
    for (const [id, at] of this.lastUsed) {
      if (at < cutoff && !this.committed.has(id)) this.lastUsed.delete(id);
      else active.push(id);
    }
    for (const id of this.committed.keys()) if (!this.lastUsed.has(id)) active.push(id);
    try {
      await this.refresh(active);
    } catch (error) {
      this.options.onError(error);
    }
  }
}
