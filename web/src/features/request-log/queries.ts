import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { cursorListOptions } from '../../api/cursor-list';
import type { ApiItem, ApiResponse } from '../../api/types';
import { sinceOf, type RequestLogSearch } from './search';

/** One request-log entry as listed. */
export type LoggedRequest = ApiItem<'/api/projects/{projectId}/requests'>;
/** One request with its cost explained, hold and ledger debit. */
export type RequestDetail = ApiResponse<'/api/requests/{requestId}', 'get'>;

/** The filters the API applies. */
export interface RequestFilters {
  readonly key_id?: string;
  readonly model?: string;
  readonly status?: number;
  readonly source?: 'api' | 'playground';
  readonly since?: string;
}

const PAGE = 50;

/** The API filters of a URL state; a relative range ends at `now` (when the page opened). */
export function requestFiltersOf(search: RequestLogSearch, now: number): RequestFilters {
  const since = sinceOf(search.range, now);
  return { ...(search.key ? { key_id: search.key } : {}), ...(search.model ? { model: search.model } : {}), ...(search.status ? { status: search.status } : {}), ...(search.source ? { source: search.source } : {}), ...(since ? { since } : {}) };
}

/** A project's request log, newest first, filtered, a page at a time. */
export function requestLogList(projectId: string, filters: RequestFilters) {
  return cursorListOptions(['projects', projectId, 'requests', filters], (cursor) =>
    unwrap(api.GET('/api/projects/{projectId}/requests', { params: { path: { projectId }, query: { limit: PAGE, ...filters, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** The first page of the project's keys (names for the key column and the key filter); the same cache as the API keys page. */
export function projectKeysOptions(projectId: string) {
  return cursorListOptions(['projects', projectId, 'api-keys'], (cursor) =>
    unwrap(api.GET('/api/projects/{projectId}/api-keys', { params: { path: { projectId }, query: { limit: 20, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** One request by its `req_` id. */
export function requestDetailQuery(requestId: string) {
  return queryOptions({
    queryKey: ['requests', requestId],
    queryFn: () => unwrap(api.GET('/api/requests/{requestId}', { params: { path: { requestId } } })),
    // A request's ledger debit appears once it settles (about a second): look again while it is missing.
    refetchInterval: (query) => (query.state.data && query.state.data.ledger_entry === null && query.state.data.cost_usd !== '0.000000000' ? 2_000 : false),
    retry: false,
  });
}
