/** Options of a {@link BatchWriter}. */
export interface BatchWriterOptions<T> {
  /** Persist one batch; a rejection keeps the rows and retries later. */
  readonly flush: (rows: T[]) => Promise<void>;
  /** Rows per batch. */
  readonly maxBatch: number;
  /** Longest time a row waits before its batch is written. */
  readonly intervalMs: number;
  /** Called when a flush fails (the rows are kept). */
  readonly onError: (error: unknown, rows: number) => void;
}

/**
 * Group-commit writer: rows are queued in memory and written in batches off the hot path. A failed
 * batch is kept and retried with backoff; nothing is dropped. `close()` flushes what is queued.
 */
export class BatchWriter<T> {
  private queue: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private failures = 0;

  constructor(private readonly options: BatchWriterOptions<T>) {}

  /** Rows waiting to be written. */
  get pending(): number {
    return this.queue.length;
  }

  /** Queue a row. */
  add(row: T): void {
    this.queue.push(row);
    if (this.queue.length >= this.options.maxBatch && this.failures === 0) void this.flush();
    else this.schedule();
  }

  /** Write everything queued now; resolves when the queue is empty or a batch failed. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.clearTimer();
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.schedule();
    });
    return this.flushing;
  }

  /** Flush and stop the timer; retries until written or `deadlineMs` passes. */
  async close(deadlineMs = 10_000): Promise<void> {
    const end = Date.now() + deadlineMs;
    while (this.queue.length > 0 && Date.now() < end) {
      await this.flush();
      if (this.queue.length > 0) await new Promise((r) => setTimeout(r, 100));
    }
    this.clearTimer();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.options.maxBatch);
      try {
        await this.options.flush(batch);
        this.queue = this.queue.slice(batch.length);
        this.failures = 0;
      } catch (error) {
        this.failures++;
        this.options.onError(error, batch.length);
        return;
      }
    }
  }

  private schedule(): void {
    if (this.timer !== null) return;
    // Back off up to 5 s while the store is failing, so a down database is not hammered.
    const delay = this.failures === 0 ? this.options.intervalMs : Math.min(5_000, this.options.intervalMs * 2 ** this.failures);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
