import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ApiResponse } from '../../api/types';
import { rangeOf, type UsageSearch } from './search';

/** A usage report (the same shape for a project and an organization). */
export type UsageReport = ApiResponse<'/api/projects/{projectId}/usage', 'get'>;
/** One bucket of one group. */
export type UsageRow = UsageReport['data'][number];

/** Whose usage: a project, or a whole organization. */
export type UsageScope = { readonly kind: 'project'; readonly projectId: string; readonly orgId: string } | { readonly kind: 'org'; readonly orgId: string };

/** What one report asks for. */
export interface UsageParams {
  readonly from: string;
  readonly to: string;
  readonly granularity: 'hour' | 'day' | 'month';
  readonly group_by?: string;
}

/** What a page with this URL state asks for, with relative ranges ending at `now` (when the page opened). */
export function usageParamsOf(search: UsageSearch, now: number): UsageParams {
  return { ...rangeOf(search.range ?? 'month', now), granularity: search.granularity ?? 'day', ...(search.group ? { group_by: search.group } : {}) };
}

/** The usage report of a scope. */
export function usageQuery(scope: UsageScope, params: UsageParams) {
  return queryOptions({
    queryKey: scope.kind === 'project' ? ['projects', scope.projectId, 'usage', params] : ['orgs', scope.orgId, 'usage', params],
    queryFn: (): Promise<UsageReport> =>
      scope.kind === 'project'
        ? unwrap(api.GET('/api/projects/{projectId}/usage', { params: { path: { projectId: scope.projectId }, query: { ...params, format: 'json' } } })) as Promise<UsageReport>
        : unwrap(api.GET('/api/orgs/{orgId}/usage', { params: { path: { orgId: scope.orgId }, query: { ...params, format: 'json' } } })) as Promise<UsageReport>,
  });
}

/** The API's CSV of the same report (downloaded by the browser with the session cookie). */
export function usageCsvUrl(scope: UsageScope, params: UsageParams): string {
  const path = scope.kind === 'project' ? `/api/projects/${scope.projectId}/usage` : `/api/orgs/${scope.orgId}/usage`;
  const query = new URLSearchParams({ from: params.from, to: params.to, granularity: params.granularity, format: 'csv', ...(params.group_by ? { group_by: params.group_by } : {}) });
  return `${path}?${query.toString()}`;
}

/** Names for group ids: keys of the project (or organization), members, projects. */
export function keyNamesQuery(scope: UsageScope) {
  return queryOptions({
    queryKey: scope.kind === 'project' ? ['projects', scope.projectId, 'api-keys', 'names'] : ['orgs', scope.orgId, 'api-keys', 'names'],
    queryFn: async () => {
      if (scope.kind !== 'project') return new Map<string, string>();
      const page = await unwrap(api.GET('/api/projects/{projectId}/api-keys', { params: { path: { projectId: scope.projectId }, query: { limit: 100 } } }));
      return new Map(page.data.map((k) => [k.id, k.name]));
    },
  });
}

/** The organization's members (names for `member` groups). */
export function memberNamesQuery(orgId: string) {
  return queryOptions({
    queryKey: ['orgs', orgId, 'members', 'names'],
    queryFn: async () => {
      const page = await unwrap(api.GET('/api/orgs/{orgId}/members', { params: { path: { orgId }, query: { limit: 100 } } }));
      return new Map(page.data.map((m) => [m.user_id, m.name]));
    },
  });
}
