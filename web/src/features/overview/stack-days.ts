import { formatNano, parseUsdNano } from '../../lib/money';

/** One usage row as the report sends it. */
export interface UsageRow {
  readonly start: string;
  readonly group: string | null;
  readonly cost_usd: string;
}

/** One day's bar: its exact total and a segment per series, in series order. */
export interface DayBar {
  /** Start of the UTC day, ISO. */
  readonly day: string;
  /** Exact USD decimal string. */
  readonly total: string;
  /** nano-USD, for the bar's height only. */
  readonly totalNano: bigint;
  readonly segments: readonly { readonly series: string; readonly cost: string; readonly nano: bigint }[];
}

/** A series of the chart: a group (project or model), or "Other" for the rest. */
export interface Series {
  /** The group's key (`proj_...`, a model id), or `other`. */
  readonly key: string;
  /** Exact USD total of the series over the range. */
  readonly total: string;
}

/** What {@link stackDays} returns. */
export interface StackedDays {
  readonly series: readonly Series[];
  readonly days: readonly DayBar[];
  /** The highest day total, nano-USD (the chart's scale). */
  readonly maxNano: bigint;
  /** Exact total of every row. */
  readonly total: string;
}

const DAY = 86_400_000;

/**
 * Stack a daily usage report for a bar chart: one bar per UTC day from `from` to `to` (days
 * without usage included), the `keep` costliest groups as series and the rest summed as "other".
 * Every figure is summed in integer nano-USD, so the totals shown are exact.
 */
export function stackDays(rows: readonly UsageRow[], from: string, to: string, keep = 5): StackedDays {
  const byGroup = new Map<string, bigint>();
  for (const row of rows) {
    const key = row.group ?? 'none';
    byGroup.set(key, (byGroup.get(key) ?? 0n) + parseUsdNano(row.cost_usd));
  }
  const ranked = [...byGroup].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  const kept = ranked.slice(0, keep);
  const rest = ranked.slice(keep);
  const keptKeys = new Set(kept.map(([key]) => key));
  const series: Series[] = kept.map(([key, nano]) => ({ key, total: formatNano(nano) }));
  if (rest.length > 0) series.push({ key: 'other', total: formatNano(rest.reduce((sum, [, nano]) => sum + nano, 0n)) });
  const perDay = new Map<number, Map<string, bigint>>();
  for (const row of rows) {
    const day = Math.floor(Date.parse(row.start) / DAY) * DAY;
    const key = keptKeys.has(row.group ?? 'none') ? (row.group ?? 'none') : 'other';
    const cells = perDay.get(day) ?? new Map<string, bigint>();
    cells.set(key, (cells.get(key) ?? 0n) + parseUsdNano(row.cost_usd));
    perDay.set(day, cells);
  }
  const days: DayBar[] = [];
  let maxNano = 0n;
  let total = 0n;
  for (let day = Math.floor(Date.parse(from) / DAY) * DAY; day < Date.parse(to); day += DAY) {
    const cells = perDay.get(day) ?? new Map<string, bigint>();
    const segments = series.map((s) => {
      const nano = cells.get(s.key) ?? 0n;
      return { series: s.key, cost: formatNano(nano), nano };
    });
    const dayNano = segments.reduce((sum, s) => sum + s.nano, 0n);
    if (dayNano > maxNano) maxNano = dayNano;
    total += dayNano;
    days.push({ day: new Date(day).toISOString(), total: formatNano(dayNano), totalNano: dayNano, segments });
  }
  return { series, days, maxNano, total: formatNano(total) };
}
