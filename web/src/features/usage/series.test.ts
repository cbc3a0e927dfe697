import { describe, expect, it } from 'vitest';
import type { UsageReport } from './queries';
import { bucketStarts, toChartData, totalCost } from './series';

const row = (start: string, group: string, cost: string, requests = 1) => ({ start, group, requests, input_tokens: 10, output_tokens: 5, cached_tokens: 0, reasoning_tokens: 0, cost_usd: cost });

describe('bucketStarts', () => {
  it('should list every UTC bucket of the range, empty ones included', () => {
    expect(bucketStarts('2026-11-01T05:00:00.000Z', '2026-11-03T01:00:00.000Z', 'day')).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z', '2026-11-03T00:00:00.000Z']);
    expect(bucketStarts('2026-11-20T00:00:00.000Z', '2027-01-02T00:00:00.000Z', 'month')).toEqual(['2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z']);
    expect(bucketStarts('2026-11-01T05:00:00.000Z', '2026-11-01T07:00:00.000Z', 'hour')).toHaveLength(2);
  });
});

describe('toChartData', () => {
  it('should keep the largest series and sum the rest into Other, on every bucket of the range', () => {
    const groups = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const data = groups.map((g, i) => row('2026-11-02T00:00:00.000Z', g, '0.000000000', 10 - i));
    const report = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-03T00:00:00.000Z', granularity: 'day', group_by: 'model', data, totals: data[0]! } as UsageReport;
    const chart = toChartData(report, 'requests', (g) => g ?? 'none');
    expect(chart.series).toEqual(['a', 'b', 'c', 'd', 'e', 'Other']);
    expect(chart.buckets.map((b) => b.start)).toEqual(['2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z']);
    expect(chart.buckets[1]!.values).toEqual([10, 9, 8, 7, 6, 5 + 4 + 3]);
  });
});

describe('totalCost', () => {
  it('should add costs exactly, in nano-USD', () => {
    expect(totalCost([row('x', 'a', '0.100000001'), row('x', 'b', '0.200000002')])).toBe('0.300000003');
  });
});
