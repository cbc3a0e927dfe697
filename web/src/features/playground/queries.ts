import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';

/** The catalogue as the organization sees it (the Models page reads the same key, so the cache is shared). */
export function orgModelsQuery(orgId: string) {
  return queryOptions({
    queryKey: ['orgs', orgId, 'models'],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/models', { params: { path: { orgId } } })),
    staleTime: 5 * 60_000,
  });
}

/** The project's aliases and the organization's it inherits (first 100 of each: suggestions only). */
export function aliasSuggestionsQuery(orgId: string, projectId: string) {
  return queryOptions({
    queryKey: ['projects', projectId, 'model-aliases', 'suggestions'],
    queryFn: async () => {
      const [project, org] = await Promise.all([
        unwrap(api.GET('/api/projects/{projectId}/model-aliases', { params: { path: { projectId }, query: { limit: 100 } } })),
        unwrap(api.GET('/api/orgs/{orgId}/model-aliases', { params: { path: { orgId }, query: { limit: 100 } } })),
      ]);
      return [...project.data, ...org.data].map((alias) => ({ name: alias.name, target: alias.target }));
    },
    staleTime: 60_000,
  });
}
