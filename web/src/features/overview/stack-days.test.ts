import { describe, expect, it } from 'vitest';
import { stackDays } from './stack-days';

describe('stackDays', () => {
  const rows = [
    { start: '2026-11-01T00:00:00.000Z', group: 'a', cost_usd: '0.100000001' },
    { start: '2026-11-01T00:00:00.000Z', group: 'b', cost_usd: '0.200000000' },
    { start: '2026-11-03T00:00:00.000Z', group: 'a', cost_usd: '0.000000002' },
    { start: '2026-11-03T00:00:00.000Z', group: 'c', cost_usd: '0.050000000' },
    { start: '2026-11-03T00:00:00.000Z', group: null, cost_usd: '0.000000007' },
  ];

  it('should make one bar per day, empty days included, with exact totals', () => {
    const stacked = stackDays(rows, '2026-11-01T00:00:00.000Z', '2026-11-03T12:00:00.000Z');
    expect(stacked.days.map((d) => [d.day.slice(0, 10), d.total])).toEqual([
      ['2026-11-01', '0.300000001'],
      ['2026-11-02', '0.000000000'],
      ['2026-11-03', '0.050000009'],
    ]);
    expect(stacked.total).toBe('0.350000010');
    expect(stacked.maxNano).toBe(300_000_001n);
    expect(stacked.series.map((s) => [s.key, s.total])).toEqual([['b', '0.200000000'], ['a', '0.100000003'], ['c', '0.050000000'], ['none', '0.000000007']]);
  });

  it('should sum the groups past the costliest into "other", still exactly', () => {
    const stacked = stackDays(rows, '2026-11-01T00:00:00.000Z', '2026-11-04T00:00:00.000Z', 1);
    expect(stacked.series).toEqual([{ key: 'b', total: '0.200000000' }, { key: 'other', total: '0.150000010' }]);
    expect(stacked.days[2]!.segments).toEqual([{ series: 'b', cost: '0.000000000', nano: 0n }, { series: 'other', cost: '0.050000009', nano: 50_000_009n }]);
  });
});
