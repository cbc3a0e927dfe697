import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { cursorListOptions } from '../../api/cursor-list';
import type { ApiBody, ApiItem } from '../../api/types';

/** One inference key of a project (never its secret), with its last use and this month's usage. */
export type ApiKey = ApiItem<'/api/projects/{projectId}/api-keys'>;
/** What creating a key takes. */
export type CreateApiKeyBody = ApiBody<'/api/projects/{projectId}/api-keys', 'post'>;
/** What updating a key takes. */
export type UpdateApiKeyBody = ApiBody<'/api/projects/{projectId}/api-keys/{keyId}', 'patch'>;

const PAGE = 20;

/** Query key prefix of a project's keys (the request log and usage filters read the same list). */
export function apiKeysKey(projectId: string) {
  return ['projects', projectId, 'api-keys'] as const;
}

/** A project's keys, newest first, a page at a time. */
export function apiKeysList(projectId: string) {
  return cursorListOptions(apiKeysKey(projectId), (cursor) =>
    unwrap(api.GET('/api/projects/{projectId}/api-keys', { params: { path: { projectId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** Create a key; the answer holds the secret, shown once. */
export function useCreateApiKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer holds the secret: forget it as soon as the dialog lets go of it.
    gcTime: 0,
    mutationFn: (body: CreateApiKeyBody) => unwrap(api.POST('/api/projects/{projectId}/api-keys', { params: { path: { projectId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(projectId) }),
  });
}

/** Update a key (disable, enable, rename ...). */
export function useUpdateApiKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ keyId, body }: { readonly keyId: string; readonly body: UpdateApiKeyBody }) =>
      unwrap(api.PATCH('/api/projects/{projectId}/api-keys/{keyId}', { params: { path: { projectId, keyId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(projectId) }),
  });
}

/** Delete a key: it stops working at once and leaves the list. */
export function useDeleteApiKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => unwrap(api.DELETE('/api/projects/{projectId}/api-keys/{keyId}', { params: { path: { projectId, keyId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysKey(projectId) }),
  });
}
