import type { z } from 'zod';
import { addMeasures, emptyMeasures, type UsageMeasures } from '../../billing/usage-rollups.js';
import { formatUsd } from '../../core/money.js';
import { isoTime } from '../internal/wire.js';
import type { CsvValue } from './csv.js';
import { bucketStart, type HourlyUsage } from './rollup-query.js';
import type { usageReportDto } from './schema.js';

/** The usage report before presentation: buckets in order, and the totals. */
export interface UsageReport {
  /** Effective start, ms (hour-aligned). */
  readonly from: number;
  /** Effective end, exclusive, ms (hour-aligned). */
  readonly to: number;
  /** Bucket size. */
  readonly granularity: 'hour' | 'day' | 'month';
  /** Grouping, or null. */
  readonly groupBy: string | null;
  /** Buckets, oldest first, then by group (null last). */
  readonly rows: readonly { readonly start: number; readonly group: string | null; readonly measures: UsageMeasures }[];
  /** Sum of every row. */
  readonly totals: UsageMeasures;
}

/** Fold hourly sums into buckets of the requested granularity (UTC), sorted, with totals. */
export function buildUsageReport(hourly: readonly HourlyUsage[], from: number, to: number, granularity: UsageReport['granularity'], groupBy: string | null): UsageReport {
  const buckets = new Map<string, { start: number; group: string | null; measures: UsageMeasures }>();
  const totals = emptyMeasures();
  for (const row of hourly) {
    const start = bucketStart(row.hour, granularity);
    const id = `${start}\u0000${row.group ?? '\u0000'}`;
    let bucket = buckets.get(id);
    if (bucket === undefined) buckets.set(id, (bucket = { start, group: row.group, measures: emptyMeasures() }));
    addMeasures(bucket.measures, row.measures);
    addMeasures(totals, row.measures);
  }
  const rows = [...buckets.values()].sort((a, b) => a.start - b.start || compareGroups(a.group, b.group));
  return { from, to, granularity, groupBy, rows, totals };
}

function compareGroups(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

function wireMeasures(m: UsageMeasures) {
  return {
    requests: Number(m.requests), input_tokens: Number(m.inputTokens), output_tokens: Number(m.outputTokens),
    cached_tokens: Number(m.cachedTokens), reasoning_tokens: Number(m.reasoningTokens), cost_usd: formatUsd(m.costNano),
  };
}

/** The report as JSON. */
export function presentUsageReport(report: UsageReport): z.infer<typeof usageReportDto> {
  return {
    from: isoTime(report.from),
    to: isoTime(report.to),
    granularity: report.granularity,
    group_by: report.groupBy,
    data: report.rows.map((row) => ({ start: isoTime(row.start), group: row.group, ...wireMeasures(row.measures) })),
    totals: wireMeasures(report.totals),
  };
}

/** CSV header: the JSON row fields in the same order. */
export const USAGE_CSV_HEADER = ['start', 'group', 'requests', 'input_tokens', 'output_tokens', 'cached_tokens', 'reasoning_tokens', 'cost_usd'] as const;

/** The report as CSV records, one at a time (the header first), so the reply streams them. */
export function* usageCsvRecords(report: UsageReport): Generator<readonly CsvValue[]> {
  yield USAGE_CSV_HEADER;
  for (const row of report.rows) {
    const m = wireMeasures(row.measures);
    yield [isoTime(row.start), row.group, m.requests, m.input_tokens, m.output_tokens, m.cached_tokens, m.reasoning_tokens, m.cost_usd];
  }
}
