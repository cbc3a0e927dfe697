/** Why an answer went out before its request-log entry was committed. */
export type NotDurableReason = 'timeout' | 'store_failing';

/** Options of {@link DurableFinish}. */
export interface DurableFinishOptions {
  /** Longest an answer waits for its entry's commit, ms; then it goes out anyway. 0: never wait. */
  readonly waitMs: number;
  /** True while the request log's writer is failing and backing off: answers then do not wait. */
  readonly storeFailing: () => boolean;
  /** The wait ran out (the entry stays queued and is written when the store answers). */
  readonly onTimeout: (requestId: string, waitMs: number) => void;
}

/**
 * The durable-finish step of the request lifecycle: before the last bytes of an answer (a JSON body,
 * a stream's usage chunk and end) are sent, wait until its request-log entry and usage event are
 * committed, so a crash after the client got its answer cannot lose the record and its bill. The
 * writer commits in groups, so the wait is one shared transaction, not one per request. A store
 * that is down must not hold answers forever: the wait is bounded, and while the writer is known to
 * be failing answers do not wait at all; both are counted ({@link notDurable}).
 */
export class DurableFinish {
  /** Answers sent before their entry was committed, by reason (read by /metrics). */
  readonly notDurable: Record<NotDurableReason, number> = { timeout: 0, store_failing: 0 };
  /**
   * Answers waiting, in the order they started (every wait is `waitMs` long, so also in deadline
   * order). One timer serves them all: a timer and a race per answer cost more than the wait's
   * bookkeeping, and almost every commit comes long before its deadline.
   */
  private readonly waiting = new Set<Waiter>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: DurableFinishOptions) {}

  /** Resolves when `committed` does, or when the wait is given up; never rejects. */
  wait(requestId: string, committed: Promise<void> | void): Promise<void> {
    if (committed === undefined || this.options.waitMs === 0) return DONE;
    if (this.options.storeFailing()) {
      this.notDurable.store_failing++;
      return DONE;
    }
    return new Promise<void>((resolve) => {
      const waiter: Waiter = { requestId, deadline: Date.now() + this.options.waitMs, resolve };
      this.waiting.add(waiter);
      if (this.timer === null) this.arm(this.options.waitMs);
      void committed.then(() => {
        if (this.waiting.delete(waiter)) resolve();
      });
    });
  }

  /** Give up on the waits past their deadline; sleep until the next one's. */
  private expire(): void {
    this.timer = null;
    const now = Date.now();
    for (const waiter of this.waiting) {
      if (waiter.deadline > now) return this.arm(waiter.deadline - now);
      this.waiting.delete(waiter);
      this.notDurable.timeout++;
      this.options.onTimeout(waiter.requestId, this.options.waitMs);
      waiter.resolve();
    }
  }

  private arm(ms: number): void {
    // Unref'd: an answer waiting keeps the process alive through its own socket, not this timer.
    this.timer = setTimeout(() => this.expire(), ms);
    this.timer.unref();
  }
}

/** An answer waiting for its entry's commit. */
interface Waiter {
  readonly requestId: string;
  /** When the wait is given up (Date.now() ms). */
  readonly deadline: number;
  readonly resolve: () => void;
}

const DONE = Promise.resolve();
