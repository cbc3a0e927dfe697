/** Cooldowns another process opened, and where this process publishes its own (Redis; absent: this process only). */
export interface SharedCooldowns {
  /** Tell the other processes `key` is out until `untilMs` (epoch ms). */
  open(key: string, untilMs: number): void;
  /** Tell them `key` recovered. */
  close(key: string): void;
}

interface Circuit {
  /** Consecutive failures. */
  failures: number;
  /** Epoch ms until which the circuit is open; 0 when closed. */
  openUntil: number;
  /** A probe is in flight (the circuit is half open). */
  probing: boolean;
}

/** Health of a set of keys as listings show it. */
export type Health = 'serving' | 'degraded' | 'unavailable';

/**
 * Cooldown circuits of deployments and credentials, by key. Closed: traffic flows. After
 * `threshold` consecutive failures it opens for a cooldown; once that passed, one request probes:
 * a success closes it (traffic returns), a failure opens it again. Everything is a map read; the
 * shared store (Redis) is written when a circuit opens or closes, and read in the background.
 */
export class CircuitBoard {
  private readonly circuits = new Map<string, Circuit>();

  constructor(
    private readonly now: () => number,
    private readonly shared: SharedCooldowns | null = null,
  ) {}

  /** Whether a request may go to `key` now (closed, or due for its probe). */
  available(key: string, now = this.now()): boolean {
    const c = this.circuits.get(key);
    return c === undefined || c.openUntil === 0 || (c.openUntil <= now && !c.probing);
  }

  /** Start a request on `key`; returns whether it is the probe of an open circuit. */
  begin(key: string, now = this.now()): boolean {
    const c = this.circuits.get(key);
    if (c === undefined || c.openUntil === 0 || c.openUntil > now) return false;
    c.probing = true;
    return true;
  }

  /** A request on `key` succeeded: the circuit closes. */
  succeed(key: string): void {
    const c = this.circuits.get(key);
    if (c === undefined) return;
    const wasOpen = c.openUntil !== 0;
    this.circuits.delete(key);
    if (wasOpen) this.shared?.close(key);
  }

  /** A probe ended without telling anything about the upstream (refused by admission, client gone): let another probe. */
  abandonProbe(key: string): void {
    const c = this.circuits.get(key);
    if (c !== undefined) c.probing = false;
  }

  /** A request on `key` failed; opens the circuit after `threshold` in a row (at once after a failed probe). */
  fail(key: string, threshold: number, cooldownMs: number, probe: boolean): void {
    const c = this.circuit(key);
    c.failures++;
    if (probe || c.failures >= threshold) this.open(key, cooldownMs);
    else c.probing = false;
  }

  /** Take `key` out for `ms` now, whatever its count (a refused credential, a long retry-after). */
  open(key: string, ms: number): void {
    const c = this.circuit(key);
    c.openUntil = this.now() + ms;
    c.probing = false;
    this.shared?.open(key, c.openUntil);
  }

  /** Apply a cooldown another process opened (never shortens one of ours). */
  applyShared(key: string, untilMs: number): void {
    const c = this.circuit(key);
    if (untilMs > c.openUntil) {
      c.openUntil = untilMs;
      c.probing = false;
    }
  }

  /** Epoch ms when `key` may be tried again; 0 when it may now. */
  reopensAt(key: string): number {
    const c = this.circuits.get(key);
    return c === undefined ? 0 : c.openUntil;
  }

  /** Serving: every key available; unavailable: none; degraded: some. */
  health(keys: readonly string[]): Health {
    const now = this.now();
    let up = 0;
    for (const key of keys) if (!this.isOpen(key, now)) up++;
    return up === keys.length ? 'serving' : up === 0 ? 'unavailable' : 'degraded';
  }

  /** Open, or due for a probe that has not yet succeeded. */
  private isOpen(key: string, _now: number): boolean {
    const c = this.circuits.get(key);
    return c !== undefined && c.openUntil !== 0;
  }

  private circuit(key: string): Circuit {
    let c = this.circuits.get(key);
    if (c === undefined) {
      c = { failures: 0, openUntil: 0, probing: false };
      this.circuits.set(key, c);
    }
    return c;
  }
}
