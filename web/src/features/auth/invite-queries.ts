import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ApiBody } from '../../api/types';
import { meQuery } from '../shell/queries';

/** What an invite link offers (organization, role, email, whether that email has an account); 404 once used, revoked or expired. */
export function inviteLookupQuery(token: string) {
  return queryOptions({
    queryKey: ['invite', token],
    queryFn: () => unwrap(api.POST('/api/invites/lookup', { body: { token } })),
    meta: { anonymousOk: true },
    retry: false,
    staleTime: Infinity,
  });
}

/** The person if signed in, or null: the invite page works either way. */
export const optionalMeQuery = queryOptions({
  ...meQuery,
  meta: { anonymousOk: true },
  retry: false,
});

/** Accept an invite (docs/console-api.md, Invites); the answer is the person, now a member. */
export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { anonymousOk: true },
    mutationFn: (body: ApiBody<'/api/invites/accept', 'post'>) => unwrap(api.POST('/api/invites/accept', { body })),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}
