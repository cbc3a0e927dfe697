/** Time ranges the request log offers, newest data first. */
export const RANGES = [
  { value: '1h', label: 'Last hour', ms: 3_600_000 },
  { value: '24h', label: 'Last 24 hours', ms: 86_400_000 },
  { value: '7d', label: 'Last 7 days', ms: 7 * 86_400_000 },
  { value: '30d', label: 'Last 30 days', ms: 30 * 86_400_000 },
  { value: 'all', label: 'All time', ms: null },
] as const;

/** One time range of {@link RANGES}. */
export type Range = (typeof RANGES)[number]['value'];

/** Where a request came from: a key (`api`) or a person in the playground. */
export const SOURCES = [
  { value: 'api', label: 'API keys' },
  { value: 'playground', label: 'Playground' },
] as const;

/** One source of {@link SOURCES}. */
export type Source = (typeof SOURCES)[number]['value'];

/** The request log's URL state: filters, range, and the request open in the drawer. */
export interface RequestLogSearch {
  /** Only this key (`key_...`). */
  readonly key?: string;
  /** Only this model (as sent or as served). */
  readonly model?: string;
  /** Only this HTTP status. */
  readonly status?: number;
  /** Only requests from the playground or made with a key. */
  readonly source?: Source;
  /** A preset range (default: all time). */
  readonly range?: Range;
  /** The request open in the detail drawer (`req_...`); the playground links here. */
  readonly request?: string;
}

const ID = /^(key|req)_[0-9a-z]{1,40}$/;

/** Read the search params, dropping what is malformed (a pasted link with a typo opens the plain log). */
export function requestLogSearch(search: Record<string, unknown>): RequestLogSearch {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);
  const key = text(search.key);
  const request = text(search.request);
  const model = text(search.model);
  const status = Number(search.status);
  const range = RANGES.find((r) => r.value === search.range)?.value;
  const source = SOURCES.find((s) => s.value === search.source)?.value;
  return {
    ...(key && ID.test(key) ? { key } : {}),
    ...(model ? { model: model.slice(0, 200) } : {}),
    ...(Number.isInteger(status) && status >= 100 && status <= 599 ? { status } : {}),
    ...(source ? { source } : {}),
    ...(range && range !== 'all' ? { range } : {}),
    ...(request && ID.test(request) ? { request } : {}),
  };
}

/** The `since` the API gets for a range, from a moment fixed when the page opened (so pages stay consistent). */
export function sinceOf(range: Range | undefined, now: number): string | undefined {
  const ms = RANGES.find((r) => r.value === range)?.ms ?? null;
  return ms === null ? undefined : new Date(now - ms).toISOString();
}
