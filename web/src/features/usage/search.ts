/** Bucket sizes the usage API sums by (UTC). */
export const GRANULARITIES = [
  { value: 'hour', label: 'Hour' },
  { value: 'day', label: 'Day' },
  { value: 'month', label: 'Month' },
] as const;

/** One bucket size. */
export type Granularity = (typeof GRANULARITIES)[number]['value'];

/** Ranges the usage pages offer (UTC, like the API's buckets). */
export const RANGES = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: 'month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: '365d', label: 'Last 365 days' },
] as const;

/** One range. */
export type UsageRange = (typeof RANGES)[number]['value'];

/** Figures the chart can draw. */
export const METRICS = [
  { value: 'cost', label: 'Cost' },
  { value: 'requests', label: 'Requests' },
  { value: 'tokens', label: 'Tokens' },
] as const;

/** One figure. */
export type Metric = (typeof METRICS)[number]['value'];

/** The usage pages' URL state. */
export interface UsageSearch {
  /** Range (default: this month). */
  readonly range?: UsageRange;
  /** Bucket size (default: day). */
  readonly granularity?: Granularity;
  /** `model`, `key`, `member`, `user`, `project` (organization only) or `tag:<key>`; none: totals per bucket. */
  readonly group?: string;
  /** What the chart draws (default: cost). */
  readonly metric?: Metric;
}

const GROUP = /^(project|member|key|model|user|tag:.{1,64})$/;

/** Read the search params, dropping what is malformed. */
export function usageSearch(search: Record<string, unknown>): UsageSearch {
  const range = RANGES.find((r) => r.value === search.range)?.value;
  const granularity = GRANULARITIES.find((g) => g.value === search.granularity)?.value;
  const metric = METRICS.find((m) => m.value === search.metric)?.value;
  const group = typeof search.group === 'string' && GROUP.test(search.group) ? search.group : undefined;
  return {
    ...(range && range !== 'month' ? { range } : {}),
    ...(granularity && granularity !== 'day' ? { granularity } : {}),
    ...(group ? { group } : {}),
    ...(metric && metric !== 'cost' ? { metric } : {}),
  };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The `[from, to)` the API gets for a range, as ISO UTC, from a moment fixed when the page opened. */
export function rangeOf(range: UsageRange, now: number): { readonly from: string; readonly to: string } {
  const date = new Date(now);
  const monthStart = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const iso = (ms: number) => new Date(ms).toISOString();
  switch (range) {
    case '24h':
      return { from: iso(now - DAY), to: iso(now) };
    case '7d':
      return { from: iso(now - 7 * DAY), to: iso(now) };
    case '30d':
      return { from: iso(now - 30 * DAY), to: iso(now) };
    case '90d':
      return { from: iso(now - 90 * DAY), to: iso(now) };
    case '365d':
      return { from: iso(now - 365 * DAY), to: iso(now) };
    case 'last-month':
      return { from: iso(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 1)), to: iso(monthStart) };
    case 'month':
      return { from: iso(monthStart), to: iso(now) };
  }
}
