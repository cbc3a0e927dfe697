import { sumUsd } from '../../lib/money';
import type { Granularity, Metric } from './search';
import type { UsageReport, UsageRow } from './queries';

/** Series drawn apart; the rest are summed into "Other". */
export const MAX_SERIES = 5;

/** A bucket of the chart: its start and each series' value. */
export interface ChartBucket {
  readonly start: string;
  /** Value per series index, for bar heights only (a float is fine for a height, never for a figure shown). */
  readonly values: readonly number[];
}

/** The chart's data: series names (in colour order) and the buckets. */
export interface ChartData {
  readonly series: readonly string[];
  readonly buckets: readonly ChartBucket[];
}

/** The value of a row drawn for a metric (for heights only). */
export function heightOf(row: UsageRow, metric: Metric): number {
  if (metric === 'requests') return row.requests;
  if (metric === 'tokens') return row.input_tokens + row.output_tokens;
  return Number(row.cost_usd);
}

/** Every bucket start in the report's range (UTC), so the time axis shows the empty hours, days or months too. */
export function bucketStarts(from: string, to: string, granularity: Granularity): string[] {
  const end = Date.parse(to);
  const first = new Date(Date.parse(from));
  let at = granularity === 'month' ? Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1) : Date.parse(from) - (Date.parse(from) % (granularity === 'hour' ? HOUR : DAY));
  const starts: string[] = [];
  // Bounded by the API's 400-day range: at most 9,600 hours.
  while (at < end && starts.length < 10_000) {
    starts.push(new Date(at).toISOString());
    if (granularity === 'month') {
      const d = new Date(at);
      at = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    } else at += granularity === 'hour' ? HOUR : DAY;
  }
  return starts;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Group report rows into series (largest first, the tail as "Other") and buckets (every one in the range, oldest first). */
export function toChartData(report: UsageReport, metric: Metric, label: (group: string | null) => string): ChartData {
  const rows = report.data;
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(label(row.group), (totals.get(label(row.group)) ?? 0) + heightOf(row, metric));
  const ranked = [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name);
  const shown = ranked.length > MAX_SERIES + 1 ? ranked.slice(0, MAX_SERIES) : ranked;
  const series = ranked.length > shown.length ? [...shown, 'Other'] : shown;
  const index = new Map(shown.map((name, i) => [name, i]));
  const buckets = new Map<string, number[]>(bucketStarts(report.from, report.to, report.granularity).map((start) => [start, series.map(() => 0)]));
  for (const row of rows) {
    const values = buckets.get(row.start) ?? series.map(() => 0);
    const i = index.get(label(row.group)) ?? series.length - 1;
    values[i]! += heightOf(row, metric);
    buckets.set(row.start, values);
  }
  // ISO instants of one format sort as plain strings (localeCompare would load ICU's collator).
  const ordered = [...buckets.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { series, buckets: ordered.map(([start, values]) => ({ start, values })) };
}

/** The exact cost of rows, summed in nano-USD. */
export function totalCost(rows: readonly UsageRow[]): string {
  return sumUsd(rows.map((r) => r.cost_usd));
}
