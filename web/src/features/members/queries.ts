import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { cursorListOptions } from '../../api/cursor-list';
import type { ApiBody, ApiItem } from '../../api/types';
import { meQuery } from '../shell/queries';

/** A member of the organization, with what the caller may do to them. */
export type OrgMember = ApiItem<'/api/orgs/{orgId}/members'>;
/** An invite, with its status. */
export type Invite = ApiItem<'/api/orgs/{orgId}/invites'>;
/** An organization role as the API names it. */
export type OrgRole = ApiBody<'/api/orgs/{orgId}/members/{userId}', 'patch'>['role'];

const PAGE = 50;

/** The organization's members, oldest first, a page at a time. */
export function membersList(orgId: string) {
  return cursorListOptions(['orgs', orgId, 'members'], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/members', { params: { path: { orgId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** The organization's invites (every status), newest first. */
export function invitesList(orgId: string) {
  return cursorListOptions(['orgs', orgId, 'invites'], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/invites', { params: { path: { orgId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** Change a member's role; the person's own abilities may change with it, so `/api/me` is read again. */
export function useChangeRole(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { readonly userId: string; readonly role: OrgRole }) =>
      unwrap(api.PATCH('/api/orgs/{orgId}/members/{userId}', { params: { path: { orgId, userId } }, body: { role } })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['orgs', orgId, 'members'] }), queryClient.invalidateQueries({ queryKey: meQuery.queryKey, exact: true })]),
  });
}

/** Remove a member (and their project roles). */
export function useRemoveMember(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => unwrap(api.DELETE('/api/orgs/{orgId}/members/{userId}', { params: { path: { orgId, userId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgs', orgId, 'members'] }),
  });
}

/** Invite someone; without SMTP the answer holds the link, shown once. */
export function useCreateInvite(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // The link is the invitee's secret: keep it no longer than the dialog shows it.
    gcTime: 0,
    mutationFn: (body: ApiBody<'/api/orgs/{orgId}/invites', 'post'>) => unwrap(api.POST('/api/orgs/{orgId}/invites', { params: { path: { orgId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgs', orgId, 'invites'] }),
  });
}

/** Revoke a pending invite: its link stops working. */
export function useRevokeInvite(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => unwrap(api.DELETE('/api/orgs/{orgId}/invites/{inviteId}', { params: { path: { orgId, inviteId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['orgs', orgId, 'invites'] }),
  });
}
