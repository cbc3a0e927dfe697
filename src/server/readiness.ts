/** A dependency check: resolves when the dependency is usable, rejects (or times out) when not. */
export type ReadinessCheck = () => Promise<void>;

/** What `/health/ready` reports. */
export interface ReadinessReport {
  /** `ready`, `not_ready` (a check failed) or `draining` (shutting down). */
  readonly status: 'ready' | 'not_ready' | 'draining';
  /** Each configured dependency: `ok` or `unavailable` (absent while draining). */
  readonly checks: Readonly<Record<string, 'ok' | 'unavailable'>>;
}

/** Options of {@link Readiness}. */
export interface ReadinessOptions {
  /** Named checks (`database`, `redis` when configured, `catalogue`). */
  readonly checks: Readonly<Record<string, ReadinessCheck>>;
  /** True once shutdown began: not ready, whatever the checks say. */
  readonly draining: () => boolean;
  /** Longest wait for one check, ms. */
  readonly timeoutMs?: number;
  /** How long one round of checks answers every probe, ms (load balancers probe often). */
  readonly cacheMs?: number;
  /** Called when a check changes state (`reason` says why it failed). */
  readonly onChange?: (name: string, state: 'ok' | 'unavailable', reason: unknown) => void;
}

/**
 * Readiness for load balancers: whether this process can serve requests now. The checks run at most
 * once per `cacheMs` whatever the probe rate, concurrent probes share one round, and a check that
 * hangs (an unreachable host that drops packets) counts as unavailable after `timeoutMs`.
 */
export class Readiness {
  private round: Promise<ReadinessReport> | null = null;
  private roundAt = 0;
  private readonly last = new Map<string, 'ok' | 'unavailable'>();

  constructor(private readonly options: ReadinessOptions) {}

  /** The current report. */
  async report(): Promise<ReadinessReport> {
    if (this.options.draining()) return { status: 'draining', checks: {} };
    const now = performance.now();
    if (this.round === null || now - this.roundAt >= (this.options.cacheMs ?? 1000)) {
      this.roundAt = now;
      this.round = this.runChecks();
    }
    const report = await this.round;
    return this.options.draining() ? { status: 'draining', checks: {} } : report;
  }

  private async runChecks(): Promise<ReadinessReport> {
    const names = Object.keys(this.options.checks);
    const results = await Promise.all(names.map((name) => this.runCheck(name)));
    const checks: Record<string, 'ok' | 'unavailable'> = {};
    names.forEach((name, i) => (checks[name] = results[i]!));
    return { status: results.every((r) => r === 'ok') ? 'ready' : 'not_ready', checks };
  }

  private async runCheck(name: string): Promise<'ok' | 'unavailable'> {
    const timeoutMs = this.options.timeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    let state: 'ok' | 'unavailable';
    let reason: unknown = null;
    try {
      await Promise.race([
        this.options.checks[name]!(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
        }),
      ]);
      state = 'ok';
    } catch (error) {
      state = 'unavailable';
      reason = error;
    } finally {
      clearTimeout(timer);
    }
    if (this.last.get(name) !== state) {
      // The first round reports only failures; afterwards every change.
      if (this.last.has(name) || state === 'unavailable') this.options.onChange?.(name, state, reason);
      this.last.set(name, state);
    }
    return state;
  }
}
