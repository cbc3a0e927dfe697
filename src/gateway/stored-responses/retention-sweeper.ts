import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { ResponseStore } from './response-store.js';

/**
 * Rows deleted per statement. Each row holds a whole conversation, so a batch is kept small: on
 * SQLite a statement runs on the event loop (≈5 ms of CPU for 100 rows of 1-20 kB, measured with
 * bench/response-retention.mjs), and between batches requests get their turn.
 */
const DEFAULT_BATCH = 100;

/** Options of a {@link RetentionSweeper}. */
export interface RetentionSweeperOptions {
  /** The store to sweep (every process on one database runs a sweeper; each row goes once). */
  readonly store: ResponseStore;
  /** Age at which a stored response is deleted, ms. */
  readonly retentionMs: number;
  /** Clock, ms (default `Date.now`). */
  readonly now?: () => number;
  /** Pause between passes, ms (default 10 min); the first pass runs one minute after start, at most. */
  readonly everyMs?: number;
  /** Rows per delete statement (default 100). */
  readonly batchSize?: number;
  /** Told how many rows a pass deleted, when it deleted any. */
  readonly onSwept?: (deleted: number) => void;
  /** Told about store errors (the sweeper carries on at the next pass). */
  readonly onError?: (error: unknown) => void;
}

/**
 * Deletes stored responses and message threads older than the retention, a small batch at a time,
 * as a periodic background job (the webhook worker's timer pattern: an unref'd timeout re-armed after
 * each pass, so passes never overlap). A pass fixes its cutoff when it starts and stops at the first
 * batch that comes back short, so it ends even while requests keep storing new responses.
 */
export class RetentionSweeper {
  readonly #store: ResponseStore;
  readonly #retentionMs: number;
  readonly #now: () => number;
  readonly #everyMs: number;
  readonly #batchSize: number;
  readonly #onSwept: (deleted: number) => void;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | null = null;
  #pass: Promise<number> | null = null;
  #running = false;
  #stopped = false;

  constructor(options: RetentionSweeperOptions) {
    this.#store = options.store;
    this.#retentionMs = options.retentionMs;
    this.#now = options.now ?? Date.now;
    this.#everyMs = options.everyMs ?? 10 * 60_000;
    this.#batchSize = options.batchSize ?? DEFAULT_BATCH;
    this.#onSwept = options.onSwept ?? (() => undefined);
    this.#onError = options.onError ?? (() => undefined);
  }

  /** Start sweeping periodically. */
  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#stopped = false;
    this.#schedule(Math.min(this.#everyMs, 60_000));
  }

  /** Stop the timer; a pass under way ends after its current batch. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
    await this.#pass?.catch(() => undefined);
  }

  /**
   * Delete everything past the retention now (tests, operator tools) and resolve to how many rows
   * this pass deleted; joins the pass under way, if any, instead of running a second one.
   */
  runOnce(): Promise<number> {
    this.#pass ??= this.#sweep().finally(() => {
      this.#pass = null;
    });
    return this.#pass;
  }

  #schedule(delay: number): void {
    if (!this.#running) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.runOnce()
        .then((deleted) => {
          if (deleted > 0) this.#onSwept(deleted);
        }, this.#onError)
        .finally(() => this.#schedule(this.#everyMs));
    }, delay);
    this.#timer.unref();
  }

  async #sweep(): Promise<number> {
    const before = this.#now() - this.#retentionMs;
    let deleted = 0;
    for (;;) {
      const batch = await this.#store.deleteCreatedBefore(before, this.#batchSize);
      deleted += batch;
      // Short: nothing older is left, or another process's sweep holds the rest (it deletes them).
      if (batch < this.#batchSize) return deleted;
      // Shutting down: the rest waits for the next start.
      if (this.#stopped) return deleted;
      await yieldToEventLoop();
    }
  }
}
