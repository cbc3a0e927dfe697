import { createHash } from 'node:crypto';
import { startOfUtcMonth } from './account-bases.js';
import type { KeyUsageStatistics } from './key-usage-statistics.js';

/** A key's statistics as of one read, with a stable id for that read. */
export interface KeyUsageSnapshot {
  readonly statistics: KeyUsageStatistics;
  /** When the store was read, ms since epoch. */
  readonly asOf: number;
  /** Identifies this read: the same id means the same figures. */
  readonly snapshotId: string;
}

/** Options of {@link KeyUsageSnapshots}. */
export interface KeyUsageSnapshotsOptions {
  /** Read one key's statistics for the month starting at `sinceMs`. */
  readonly read: (keyId: string, sinceMs: number) => Promise<KeyUsageStatistics>;
  readonly now: () => number;
  /** Age up to which a snapshot is served without a new read (60 s). */
  readonly freshMs?: number;
  /** Age up to which a snapshot is served while the store is unreachable (5 min). */
  readonly staleMs?: number;
}

/**
 * The self-check's statistics with its freshness rules: a snapshot is reused for up to 60 s; after
 * that the store is read again, and when it cannot be, the old snapshot is served with its own
 * `as_of` for up to 5 minutes, then nothing (null). A snapshot of a previous UTC month is never
 * served as this month's.
 */
export class KeyUsageSnapshots {
  private readonly byKey = new Map<string, KeyUsageSnapshot>();
  private readonly freshMs: number;
  private readonly staleMs: number;

  constructor(private readonly options: KeyUsageSnapshotsOptions) {
    this.freshMs = options.freshMs ?? 60_000;
    this.staleMs = options.staleMs ?? 5 * 60_000;
  }

  /** The snapshot to show now, or null when none may be shown. */
  async get(keyId: string): Promise<KeyUsageSnapshot | null> {
    const now = this.options.now();
    const month = startOfUtcMonth(now);
    const cached = this.byKey.get(keyId);
    const usable = cached !== undefined && cached.asOf >= month && cached.asOf <= now ? cached : null;
    if (usable !== null && now - usable.asOf < this.freshMs) return usable;
    try {
      const statistics = await this.options.read(keyId, month);
      const snapshotId = `snap_${createHash('sha256').update(`${keyId}:${now}:${statistics.settledNano}:${statistics.unsettledRecords}`).digest('hex').slice(0, 24)}`;
      const snapshot = { statistics, asOf: now, snapshotId };
      if (this.byKey.size > 100_000) this.byKey.clear();
      this.byKey.set(keyId, snapshot);
      return snapshot;
    } catch {
      return usable !== null && now - usable.asOf <= this.staleMs ? usable : null;
    }
  }
}
