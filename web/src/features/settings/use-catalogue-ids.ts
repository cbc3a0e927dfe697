import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap } from '../../api/client';

const NONE: readonly string[] = [];

/**
 * Catalogue model ids offered while typing an allowed model or an alias target, from the
 * catalogue as the organization sees it (`GET /api/orgs/{orgId}/models`, one page). While it
 * loads, or if it fails, the fields still take ids as typed and the API checks them.
 */
export function useCatalogueIds(orgId: string | null): readonly string[] {
  const catalogue = useQuery({
    queryKey: ['orgs', orgId, 'models'],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/models', { params: { path: { orgId: orgId! } } })),
    enabled: orgId !== null,
    // The catalogue changes only when the operator reloads it.
    staleTime: 5 * 60_000,
  });
  return useMemo(() => catalogue.data?.data.map((model) => model.id) ?? NONE, [catalogue.data]);
}
