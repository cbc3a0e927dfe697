import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import type { ApiResponse } from '../../api/types';

/** `GET /api/me`: the person, their organizations and reachable projects, each with the person's abilities. */
export type Me = ApiResponse<'/api/me', 'get'>;
/** An organization of the person, with their role and abilities in it. */
export type MeOrganization = Me['organizations'][number];
/** A project the person can reach, with their project role and abilities in it. */
export type MeProject = Me['projects'][number];
/** What the person may do in an organization (from the API; never derived from the role here). */
export type OrgAbilities = MeOrganization['abilities'];
/** What the person may do in a project. */
export type ProjectAbilities = MeProject['abilities'];

/** The signed-in person; the shell, its switchers and navigation all read this one query. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => unwrap(api.GET('/api/me')),
  staleTime: 60_000,
});

/** Unread notifications, for the bell's count (the API has no count: up to 100 are fetched, shown as 99+). */
export const unreadNotificationsQuery = queryOptions({
  queryKey: ['me', 'notifications', 'unread'],
  queryFn: () => unwrap(api.GET('/api/me/notifications', { params: { query: { unread: 'true', limit: 100 } } })),
  refetchInterval: 60_000,
});

/** The latest notifications, read or not, for the bell's panel. */
export const recentNotificationsQuery = queryOptions({
  queryKey: ['me', 'notifications', 'recent'],
  queryFn: () => unwrap(api.GET('/api/me/notifications', { params: { query: { limit: 10 } } })),
});
