import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ApiResponse } from '../../api/types';

/** The balance card's data. */
export type Balance = ApiResponse<'/api/orgs/{orgId}/billing/balance', 'get'>;
/** This month's requests, failures and deprecated models in use. */
export type Overview = ApiResponse<'/api/orgs/{orgId}/overview', 'get'>;

/** Balance, pending and alerts (needs `read_billing`). */
export function balanceQuery(orgId: string) {
  return queryOptions({ queryKey: ['orgs', orgId, 'billing', 'balance'], queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/billing/balance', { params: { path: { orgId } } })) });
}

/** This month's usage per day, grouped by project or model (needs `read_usage`). */
export function monthUsageQuery(orgId: string, groupBy: 'project' | 'model') {
  return queryOptions({
    queryKey: ['orgs', orgId, 'usage', { granularity: 'day', group_by: groupBy, range: 'month' }],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/usage', { params: { path: { orgId }, query: { granularity: 'day', group_by: groupBy } } })),
  });
}

/** This month's request counts and deprecated models in use (needs `read_usage`). */
export function overviewQuery(orgId: string) {
  return queryOptions({ queryKey: ['orgs', orgId, 'overview'], queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/overview', { params: { path: { orgId } } })) });
}
