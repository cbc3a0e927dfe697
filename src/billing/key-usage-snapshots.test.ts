import { describe, expect, it } from 'vitest';
import type { KeyUsageStatistics } from './key-usage-statistics.js';
import { KeyUsageSnapshots } from './key-usage-snapshots.js';

const T0 = Date.UTC(2026, 10, 30, 23, 50);

function setup() {
  let clock = T0;
  let settled = 100n;
  let reachable = true;
  const reads: number[] = [];
  const snapshots = new KeyUsageSnapshots({
    now: () => clock,
    read: async (_key, since): Promise<KeyUsageStatistics> => {
      if (!reachable) throw new Error('store down');
      reads.push(since);
      return { settledNano: settled, latestSettledAt: clock - 1000, unsettledRecords: 2 };
    },
  });
  return {
    snapshots,
    reads,
    move: (ms: number) => (clock += ms),
    set: (s: bigint) => (settled = s),
    down: () => (reachable = false),
  };
}

describe('KeyUsageSnapshots', () => {
  it('should serve one snapshot for up to 60 s, then read again', async () => {
    const t = setup();
    const first = await t.snapshots.get('k');
    t.set(200n);
    t.move(59_000);
    expect(await t.snapshots.get('k')).toBe(first);
    t.move(1_000);
    const second = await t.snapshots.get('k');
    expect(second?.statistics.settledNano).toBe(200n);
    expect(second?.asOf).toBe(T0 + 60_000);
    expect(second?.snapshotId).not.toBe(first?.snapshotId);
    expect(t.reads).toEqual([Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 1)]);
  });

  it('should keep a stale snapshot with its own as_of for 5 minutes while the store is unreachable, then give null', async () => {
    const t = setup();
    const first = await t.snapshots.get('k');
    t.down();
    t.move(4 * 60_000);
    expect((await t.snapshots.get('k'))?.asOf).toBe(first?.asOf);
    t.move(60_000);
    expect((await t.snapshots.get('k'))?.asOf).toBe(first?.asOf);
    t.move(1);
    expect(await t.snapshots.get('k')).toBeNull();
  });

  it("should never show a previous month's statistics as this month's", async () => {
    const t = setup();
    await t.snapshots.get('k');
    t.down();
    t.move(11 * 60_000); // now 2026-12-01T00:01Z
    expect(await t.snapshots.get('k')).toBeNull();
  });
});
