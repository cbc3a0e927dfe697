import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { cursorListOptions } from '../../api/cursor-list';
import type { ApiBody, ApiItem } from '../../api/types';

/** One of the person's access tokens (never its secret). */
export type AccessToken = ApiItem<'/api/me/access-tokens'>;
/** One notification. */
export type Notification = ApiItem<'/api/me/notifications'>;

const PAGE = 20;

/** The person's access tokens, newest first, a page at a time. */
export const accessTokensList = cursorListOptions(['me', 'access-tokens'], (cursor) =>
  unwrap(api.GET('/api/me/access-tokens', { params: { query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
);

/** The person's notifications (all, or unread only), newest first, a page at a time. */
export function notificationsList(unreadOnly: boolean) {
  return cursorListOptions(['me', 'notifications', 'list', { unreadOnly }], (cursor) =>
    unwrap(api.GET('/api/me/notifications', { params: { query: { limit: PAGE, ...(unreadOnly ? { unread: 'true' as const } : {}), ...(cursor ? { cursor } : {}) } } })),
  );
}

/** Create an access token; the answer holds the secret, shown once. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer holds the secret: forget it as soon as the dialog lets go of it.
    gcTime: 0,
    mutationFn: (body: ApiBody<'/api/me/access-tokens', 'post'>) => unwrap(api.POST('/api/me/access-tokens', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensList.queryKey }),
  });
}

/** Revoke an access token: scripts using it get 401 at once. */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) => unwrap(api.DELETE('/api/me/access-tokens/{tokenId}', { params: { path: { tokenId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensList.queryKey }),
  });
}
