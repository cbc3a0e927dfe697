import type { ModelDeployment } from '../../config/catalogue-types.js';

interface Load {
  inFlight: number;
  /** Start of the current one-minute window (epoch ms, a whole minute, the same in every process). */
  windowStart: number;
  /** This process's requests and tokens in the window. */
  requests: number;
  tokens: number;
  /** Of those, not yet published to the other processes. */
  pendingRequests: number;
  pendingTokens: number;
  /** Other processes' requests and tokens in the window, as last read. */
  otherRequests: number;
  otherTokens: number;
}

/** Counts of one deployment in one window, as published to (or read from) the shared store. */
export interface WindowCounts {
  readonly requests: number;
  readonly tokens: number;
}

const WINDOW_MS = 60_000;

/**
 * Requests in flight and per-minute counts of each deployment: `least-in-flight` balancing reads
 * them, and a deployment at its own `maxConcurrent`, `rpm` or `tpm` is skipped. Tokens are counted
 * when a request is sent (its prompt estimate) and corrected with the usage it reported when it
 * ends. Windows are whole clock minutes, so processes sharing counts (Redis, see
 * {@link drainPending} and {@link applyShared}) count the same minute; requests in flight are this
 * process's only.
 */
export class DeploymentLoad {
  private readonly loads = new Map<string, Load>();

  constructor(private readonly now: () => number) {}

  /** Requests in flight on `key`. */
  inFlight(key: string): number {
    return this.loads.get(key)?.inFlight ?? 0;
  }

  /** Whether `deployment` can take a request of `tokens` now. */
  hasRoom(deployment: ModelDeployment, tokens: number): boolean {
    const load = this.loads.get(deployment.key);
    if (load === undefined) return true;
    if (deployment.maxConcurrent !== null && load.inFlight >= deployment.maxConcurrent) return false;
    if (deployment.rpm === null && deployment.tpm === null) return true;
    if (this.now() - load.windowStart >= WINDOW_MS) return true;
    if (deployment.rpm !== null && load.requests + load.otherRequests >= deployment.rpm) return false;
    return deployment.tpm === null || load.tokens + load.otherTokens + tokens <= deployment.tpm;
  }

  /** Count a request starting on `key`. */
  take(key: string, tokens: number): void {
    const load = this.current(key);
    load.inFlight++;
    load.requests++;
    load.tokens += tokens;
    load.pendingRequests++;
    load.pendingTokens += tokens;
  }

  /** A request on `key` ended; `uncount` tokens are taken back off its minute (a failed call used none). */
  release(key: string, uncount = 0): void {
    const load = this.loads.get(key);
    if (load === undefined) return;
    if (load.inFlight > 0) load.inFlight--;
    if (uncount !== 0) this.addTokens(load, -uncount);
  }

  /**
   * Replace the `estimated` tokens a request counted on `key` by the `used` tokens its usage
   * reported. A request that started in an earlier minute is corrected in the current one: close
   * enough for a per-minute budget, and it never drives the count below zero.
   */
  correct(key: string, estimated: number, used: number): void {
    const load = this.loads.get(key);
    if (load !== undefined && used !== estimated) this.addTokens(load, used - estimated);
  }

  /** This process's counts not yet published, by deployment, for the current window; cleared. */
  drainPending(): { readonly windowStart: number; readonly counts: Map<string, WindowCounts> } {
    const windowStart = windowOf(this.now());
    const counts = new Map<string, WindowCounts>();
    for (const [key, load] of this.loads) {
      if (load.windowStart !== windowStart) continue;
      if (load.pendingRequests !== 0 || load.pendingTokens !== 0) counts.set(key, { requests: load.pendingRequests, tokens: load.pendingTokens });
      load.pendingRequests = 0;
      load.pendingTokens = 0;
    }
    return { windowStart, counts };
  }

  /** Every process's counts of `key` in `windowStart` (this one's published share included). */
  applyShared(key: string, windowStart: number, total: WindowCounts): void {
    if (windowStart !== windowOf(this.now())) return;
    const load = this.current(key);
    const publishedRequests = load.requests - load.pendingRequests;
    const publishedTokens = load.tokens - load.pendingTokens;
    load.otherRequests = Math.max(0, total.requests - publishedRequests);
    load.otherTokens = Math.max(0, total.tokens - publishedTokens);
  }

  private addTokens(load: Load, delta: number): void {
    const tokens = Math.max(0, load.tokens + delta);
    load.pendingTokens += tokens - load.tokens;
    load.tokens = tokens;
  }

  /** The load of `key` in the current window (a new window starts from zero). */
  private current(key: string): Load {
    const windowStart = windowOf(this.now());
    let load = this.loads.get(key);
    if (load === undefined) {
      load = { inFlight: 0, windowStart, requests: 0, tokens: 0, pendingRequests: 0, pendingTokens: 0, otherRequests: 0, otherTokens: 0 };
      this.loads.set(key, load);
    } else if (load.windowStart !== windowStart) {
      Object.assign(load, { windowStart, requests: 0, tokens: 0, pendingRequests: 0, pendingTokens: 0, otherRequests: 0, otherTokens: 0 });
    }
    return load;
  }
}

function windowOf(ms: number): number {
  return ms - (ms % WINDOW_MS);
}
