import type { AccountState, AdmissionOutcome, AdmissionPlan, LimitStore, Settlement, WindowState } from './limit-store.js';

interface MemoryAccount {
  baseNano: bigint;
  unwrittenNano: bigint;
  holdsNano: bigint;
  seq: number;
}

/**
 * Holds and windows in this process's memory: correct when this process is the only gateway
 * (JavaScript runs one admission at a time, so check-then-hold is atomic without locks).
 */
export class MemoryLimitStore implements LimitStore {
  private readonly accounts = new Map<string, MemoryAccount>();
  /** Window counters by `id@windowStart`. */
  private readonly windows = new Map<string, number>();
  private seq = 0;
  private lastWindowStart = 0;

  /** Check and hold atomically (synchronous inside, so no other admission interleaves). */
  async admit(plan: AdmissionPlan): Promise<AdmissionOutcome> {
    return this.admitNow(plan);
  }

  /** The synchronous core of {@link admit}, also used by the benchmark. */
  admitNow(plan: AdmissionPlan): AdmissionOutcome {
    const windowStartMs = plan.nowMs - (plan.nowMs % plan.windowMs);
    this.dropOldWindows(windowStartMs);
    const unknown = plan.accounts.filter((a) => !this.accounts.has(a.id)).map((a) => a.id);
    if (unknown.length > 0) return { ok: false, reason: 'unknown_accounts', ids: unknown };
    for (const hold of plan.accounts) {
      const a = this.accounts.get(hold.id)!;
      if (hold.enforce && a.baseNano - a.unwrittenNano - a.holdsNano <= 0n) return { ok: false, reason: 'exhausted', id: hold.id };
    }
    const resetAtMs = windowStartMs + plan.windowMs;
    const states: WindowState[] = [];
    for (const w of plan.windows) {
      const used = this.windows.get(`${w.id}@${windowStartMs}`) ?? 0;
      if (used + w.units > w.limit) return { ok: false, reason: 'rate_limited', window: { id: w.id, limit: w.limit, used, resetAtMs } };
      states.push({ id: w.id, limit: w.limit, used: used + w.units, resetAtMs });
    }
    for (const hold of plan.accounts) this.accounts.get(hold.id)!.holdsNano += hold.holdNano;
    for (const w of plan.windows) this.windows.set(`${w.id}@${windowStartMs}`, (this.windows.get(`${w.id}@${windowStartMs}`) ?? 0) + w.units);
    return { ok: true, windows: states, windowStartMs };
  }

  /** Release holds and correct windows. */
  async settle(settlement: Settlement): Promise<void> {
    this.settleNow(settlement);
  }

  /** The synchronous core of {@link settle}. */
  settleNow(settlement: Settlement): void {
    for (const s of settlement.accounts) {
      const a = this.accounts.get(s.id);
      if (a === undefined) continue;
      a.holdsNano -= s.holdNano;
      a.unwrittenNano += s.costNano;
    }
    for (const w of settlement.windows) {
      const key = `${w.id}@${settlement.windowStartMs}`;
      const used = this.windows.get(key);
      if (used !== undefined) this.windows.set(key, Math.max(0, used + w.delta));
    }
  }

  /** A local counter: this process is the only one reading the database for its accounts. */
  async nextSyncSeq(): Promise<number> {
    return ++this.seq;
  }

  /** Store a newer base and forget confirmed unwritten spend. */
  async applySync(id: string, baseNano: bigint, seq: number, confirmedNano: bigint): Promise<void> {
    const a = this.accounts.get(id);
    if (a === undefined) {
      this.accounts.set(id, { baseNano, unwrittenNano: -confirmedNano, holdsNano: 0n, seq });
      return;
    }
    a.unwrittenNano -= confirmedNano;
    if (seq > a.seq) {
      a.baseNano = baseNano;
      a.seq = seq;
    }
  }

  /** An account's state. */
  async read(id: string): Promise<AccountState | null> {
    const a = this.accounts.get(id);
    return a === undefined ? null : { ...a };
  }

  /** Nothing to release. */
  /** Process memory is always there. */
  async ping(): Promise<void> {}

  async close(): Promise<void> {}

  /** Windows older than the previous one can no longer be corrected or read. */
  private dropOldWindows(windowStartMs: number): void {
    if (windowStartMs === this.lastWindowStart) return;
    this.lastWindowStart = windowStartMs;
    for (const key of this.windows.keys()) {
      const start = Number(key.slice(key.lastIndexOf('@') + 1));
      if (start < windowStartMs - 60_000) this.windows.delete(key);
    }
  }
}
