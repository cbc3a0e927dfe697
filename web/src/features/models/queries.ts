import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ApiItem } from '../../api/types';

/** One catalogue model as the organization sees it. */
export type OrgModel = ApiItem<'/api/orgs/{orgId}/models'>;

/** The whole catalogue for one organization (one page: it is small and lives in the gateway's memory). */
export function orgModelsQuery(orgId: string) {
  return queryOptions({
    queryKey: ['orgs', orgId, 'models'],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/models', { params: { path: { orgId } } })),
    // The catalogue changes only when the operator reloads it.
    staleTime: 5 * 60_000,
  });
}
