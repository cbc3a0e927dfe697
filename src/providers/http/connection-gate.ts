import { GatewayError } from '../../core/errors.js';
import type { CallSignal } from '../provider.js';

interface Waiter {
  readonly since: number;
  readonly resolve: (waitedMs: number) => void;
  readonly reject: (error: unknown) => void;
  readonly timer: NodeJS.Timeout;
  readonly signal: CallSignal;
  readonly onAbort: () => void;
}

/**
 * At most `max` calls in flight to one upstream; the rest wait in arrival order, each for at most
 * `timeoutMs`, then fail with a retryable 503 (`upstream_busy`, `retry-after`) instead of queueing in
 * silence. A wait that ends early because a call finished resolves with the milliseconds waited, so
 * the request log can show it.
 */
export class ConnectionGate {
  private active = 0;
  private readonly waiters: Waiter[] = [];

  constructor(
    private readonly providerId: string,
    private readonly max: number,
    private readonly timeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Calls in flight and calls waiting, for tests and metrics. */
  get stats(): { readonly active: number; readonly waiting: number } {
    return { active: this.active, waiting: this.waiters.length };
  }

  /** Take a slot: 0 at once when one is free (no promise), otherwise a promise of the ms waited. */
  acquire(signal: CallSignal): 0 | Promise<number> {
    if (this.active < this.max && this.waiters.length === 0) {
      this.active++;
      return 0;
    }
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<number>((resolve, reject) => {
      const waiter: Waiter = {
        since: this.now(),
        resolve,
        reject,
        signal,
        timer: setTimeout(() => this.expire(waiter), this.timeoutMs),
        onAbort: () => this.leave(waiter, signal.reason),
      };
      signal.addEventListener('abort', waiter.onAbort);
      this.waiters.push(waiter);
    });
  }

  /** Give a slot back: the oldest waiter takes it. Call exactly once per successful acquire. */
  release(): void {
    const next = this.waiters.shift();
    if (next === undefined) {
      this.active--;
      return;
    }
    this.settle(next);
    next.resolve(this.now() - next.since);
  }

  private expire(waiter: Waiter): void {
    const waited = this.now() - waiter.since;
    this.leave(
      waiter,
      new GatewayError('GW_UPSTREAM_BUSY', `All ${this.max} connections to upstream '${this.providerId}' stayed busy for ${waited} ms; retry shortly.`, {
        retryAfterSeconds: Math.max(1, Math.ceil(this.timeoutMs / 1000)),
      }),
    );
  }

  private leave(waiter: Waiter, error: unknown): void {
    const at = this.waiters.indexOf(waiter);
    if (at < 0) return;
    this.waiters.splice(at, 1);
    this.settle(waiter);
    waiter.reject(error);
  }

  private settle(waiter: Waiter): void {
    clearTimeout(waiter.timer);
    waiter.signal.removeEventListener('abort', waiter.onAbort);
  }
}
