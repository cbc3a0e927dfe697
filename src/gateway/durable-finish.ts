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

  constructor(private readonly options: DurableFinishOptions) {}

  /** Resolves when `committed` does, or when the wait is given up; never rejects. */
  async wait(requestId: string, committed: Promise<void> | void): Promise<void> {
    if (committed === undefined || this.options.waitMs === 0) return;
    if (this.options.storeFailing()) {
      this.notDurable.store_failing++;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timer = setTimeout(resolve, this.options.waitMs, 'late');
    });
    const outcome = await Promise.race([committed, late]);
    clearTimeout(timer);
    if (outcome === 'late') {
      this.notDurable.timeout++;
      this.options.onTimeout(requestId, this.options.waitMs);
    }
  }
}
