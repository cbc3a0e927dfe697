import type { ModelDeployment } from '../../config/catalogue-types.js';

interface Load {
  inFlight: number;
  /** Start of the current one-minute window (epoch ms). */
  windowStart: number;
  requests: number;
  tokens: number;
}

const WINDOW_MS = 60_000;

/**
 * Requests in flight and per-minute counts of each deployment in this process: `least-in-flight`
 * balancing reads them, and a deployment at its own `maxConcurrent`, `rpm` or `tpm` is skipped.
 * Tokens are counted when a request is sent (its prompt estimate) and corrected with the usage it
 * reported when it ends. Counts are per process, not shared through Redis.
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
    const fresh = this.now() - load.windowStart >= WINDOW_MS;
    if (deployment.rpm !== null && !fresh && load.requests >= deployment.rpm) return false;
    return deployment.tpm === null || fresh || load.tokens + tokens <= deployment.tpm;
  }

  /** Count a request starting on `key`. */
  take(key: string, tokens: number): void {
    let load = this.loads.get(key);
    const now = this.now();
    if (load === undefined) {
      load = { inFlight: 0, windowStart: now, requests: 0, tokens: 0 };
      this.loads.set(key, load);
    }
    if (now - load.windowStart >= WINDOW_MS) {
      load.windowStart = now;
      load.requests = 0;
      load.tokens = 0;
    }
    load.inFlight++;
    load.requests++;
    load.tokens += tokens;
  }

  /** A request on `key` ended; `uncount` tokens are taken back off its minute (a failed call used none). */
  release(key: string, uncount = 0): void {
    const load = this.loads.get(key);
    if (load === undefined) return;
    if (load.inFlight > 0) load.inFlight--;
    if (uncount !== 0) load.tokens = Math.max(0, load.tokens - uncount);
  }

  /**
   * Replace the `estimated` tokens a request counted on `key` by the `used` tokens its usage
   * reported. A request that started in an earlier minute is corrected in the current one: close
   * enough for a per-minute budget, and it never drives the count below zero.
   */
  correct(key: string, estimated: number, used: number): void {
    const load = this.loads.get(key);
    if (load !== undefined && used !== estimated) load.tokens = Math.max(0, load.tokens + used - estimated);
  }
}
