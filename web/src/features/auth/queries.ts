import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ApiBody } from '../../api/types';
import { meQuery } from '../shell/queries';

/** Sign in; the answer is the person (`GET /api/me`'s shape), stored so the shell renders at once. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { anonymousOk: true },
    mutationFn: (body: ApiBody<'/api/sign-in', 'post'>) => unwrap(api.POST('/api/sign-in', { body })),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

/** Create an account (and its personal organization) and sign in. */
export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { anonymousOk: true },
    mutationFn: (body: ApiBody<'/api/sign-up', 'post'>) => unwrap(api.POST('/api/sign-up', { body })),
    onSuccess: (me) => queryClient.setQueryData(meQuery.queryKey, me),
  });
}

/** End the session server-side; every cached answer is dropped (it belonged to that session). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { anonymousOk: true },
    mutationFn: () => unwrap(api.POST('/api/sign-out')),
    onSettled: () => queryClient.clear(),
  });
}
