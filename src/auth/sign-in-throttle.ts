/** Options of a {@link SignInThrottle}. */
export interface SignInThrottleOptions {
  /** Failed attempts allowed per email and address within the window. */
  readonly maxFailures: number;
  /** Window length, ms; also how long a locked pair stays locked. */
  readonly windowMs: number;
  /** Clock. */
  readonly now: () => number;
}

interface Entry {
  failures: number;
  windowStart: number;
}

/**
 * Counts failed sign-ins per (email, client address) in memory. In memory is enough for one
 * process; with several gateway processes each counts separately, so the effective limit is
 * `maxFailures` times the number of processes (documented; a Redis counter would share it).
 */
export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly options: SignInThrottleOptions) {}

  /** Seconds to wait before another attempt is allowed, or 0 when allowed now. */
  retryAfterSeconds(email: string, ip: string): number {
    const entry = this.current(email, ip);
    if (entry === null || entry.failures < this.options.maxFailures) return 0;
    return Math.max(1, Math.ceil((entry.windowStart + this.options.windowMs - this.options.now()) / 1000));
  }

  /** Record a failed attempt. */
  recordFailure(email: string, ip: string): void {
    const key = keyOf(email, ip);
    const entry = this.current(email, ip) ?? { failures: 0, windowStart: this.options.now() };
    entry.failures += 1;
    // Bound memory under a spray of distinct emails: forget everything rather than grow without limit.
    if (this.entries.size > 100_000) this.entries.clear();
    this.entries.set(key, entry);
  }

  /** Forget failures after a successful sign-in. */
  recordSuccess(email: string, ip: string): void {
    this.entries.delete(keyOf(email, ip));
  }

  private current(email: string, ip: string): Entry | null {
    const entry = this.entries.get(keyOf(email, ip));
    if (entry === undefined) return null;
    if (entry.windowStart + this.options.windowMs <= this.options.now()) {
      this.entries.delete(keyOf(email, ip));
      return null;
    }
    return entry;
  }
}

function keyOf(email: string, ip: string): string {
  return `${email.toLowerCase()}\u0000${ip}`;
}
