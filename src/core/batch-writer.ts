/** Options of a {@link BatchWriter}. */
export interface BatchWriterOptions<T> {
  /** Persist one batch; a rejection keeps the rows and retries later. */
  readonly flush: (rows: T[]) => Promise<void>;
  /** Rows per batch. */
  readonly maxBatch: number;
  /** First retry delay after a failed batch, ms; doubled per failure up to 5 s. */
  readonly retryMs: number;
  /** Called when a flush fails (the rows are kept). */
  readonly onError: (error: unknown, rows: number) => void;
  /**
   * How long an idle writer lets rows gather before it starts a batch, ms; 0 (the default): at the
   * end of the turn that queued the first row. Asked each time a batch is scheduled.
   */
  readonly gatherMs?: () => number;
}

/** Rows added since the last batch was taken, and the promise their commit resolves. */
interface Ticket {
  /** Rows ever added when this ticket's last row was (its rows are committed when `committed` reaches it). */
  through: number;
  readonly committed: Promise<void>;
  readonly resolve: () => void;
}

/**
 * Group-commit writer: rows are queued in memory and written in batches off the hot path. A batch
 * starts as soon as there is work: at the end of the event-loop turn that queued the first row when
 * idle; while a batch is being written the next one accumulates and goes right after it. `add`
 * returns the commit of the row's batch, so a caller can wait for its row to be durable at the cost
 * of one shared transaction. A failed batch is kept and retried with backoff; nothing is dropped.
 * `close()` flushes what is queued.
 */
export class BatchWriter<T> {
  private queue: T[] = [];
  private timer: NodeJS.Timeout | null = null;
  private immediate: NodeJS.Immediate | null = null;
  private flushing: Promise<void> | null = null;
  private failures = 0;
  /** Rows ever added, and rows ever committed (always a prefix of them: the queue is FIFO). */
  private added = 0;
  private committed = 0;
  /** Open tickets in row order; the last one still takes rows until a batch is taken. */
  private tickets: Ticket[] = [];
  private lastSealed = true;

  constructor(private readonly options: BatchWriterOptions<T>) {}

  /** Rows waiting to be written. */
  get pending(): number {
    return this.queue.length;
  }

  /** True while the last batch failed and the writer is backing off before retrying it. */
  get failing(): boolean {
    return this.failures > 0;
  }

  /**
   * Queue a row. The promise resolves when the batch holding it is committed; it never rejects (a
   * failed batch is retried), so it stays pending while the store is down.
   */
  add(row: T): Promise<void> {
    this.queue.push(row);
    this.added++;
    let ticket = this.tickets.at(-1);
    if (ticket === undefined || this.lastSealed) {
      let resolve!: () => void;
      const committed = new Promise<void>((r) => (resolve = r));
      ticket = { through: 0, committed, resolve };
      this.tickets.push(ticket);
      this.lastSealed = false;
    }
    ticket.through = this.added;
    this.schedule();
    return ticket.committed;
  }

  /** Write everything queued now; resolves when the queue is empty or a batch failed. */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.clearTimers();
    this.flushing = this.drain().finally(() => {
      this.flushing = null;
      if (this.queue.length > 0) this.schedule();
    });
    return this.flushing;
  }

  /** Flush and stop; retries until written or `deadlineMs` passes. */
  async close(deadlineMs = 10_000): Promise<void> {
    const end = Date.now() + deadlineMs;
    while (this.queue.length > 0 && Date.now() < end) {
      await this.flush();
      if (this.queue.length > 0) await new Promise((r) => setTimeout(r, 100));
    }
    this.clearTimers();
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, this.options.maxBatch);
      // Rows added from now on wait for the next batch, not this one.
      this.lastSealed = true;
      try {
        await this.options.flush(batch);
        this.queue = this.queue.slice(batch.length);
        this.failures = 0;
        this.committed += batch.length;
        while (this.tickets.length > 0 && this.tickets[0]!.through <= this.committed) this.tickets.shift()!.resolve();
      } catch (error) {
        this.failures++;
        this.options.onError(error, batch.length);
        return;
      }
    }
  }

  /** Start a batch at the end of this turn (rows of the same turn join it), or after the backoff. */
  private schedule(): void {
    if (this.flushing !== null || this.timer !== null || this.immediate !== null) return;
    const gatherMs = this.failures === 0 ? (this.options.gatherMs?.() ?? 0) : 0;
    if (this.failures === 0 && gatherMs === 0) {
      this.immediate = setImmediate(() => {
        this.immediate = null;
        void this.flush();
      });
      this.immediate.unref();
      return;
    }
    // Let rows gather, or back off up to 5 s while the store is failing, so a down database is not hammered.
    const delay = this.failures === 0 ? gatherMs : Math.min(5_000, this.options.retryMs * 2 ** this.failures);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delay);
    this.timer.unref();
  }

  private clearTimers(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.immediate !== null) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
  }
}
