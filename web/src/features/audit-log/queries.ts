import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { cursorListOptions } from '../../api/cursor-list';
import type { ApiItem } from '../../api/types';
import type { AuditSearch } from './routes';

/** One audit entry. */
export type AuditEntry = ApiItem<'/api/orgs/{orgId}/audit-log'>;
/** A member, for the actor filter. */
export type Member = ApiItem<'/api/orgs/{orgId}/members'>;

/** The audit log with the URL's filters, newest first, a page at a time. */
export function auditList(orgId: string, filters: Omit<AuditSearch, 'entry'>) {
  const query = {
    ...(filters.actor ? { actor_id: filters.actor } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.type ? { target_type: filters.type } : {}),
    ...(filters.target ? { target_id: filters.target } : {}),
    ...(filters.since ? { since: filters.since } : {}),
    ...(filters.until ? { until: filters.until } : {}),
  };
  return cursorListOptions(['orgs', orgId, 'audit-log', query], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/audit-log', { params: { path: { orgId }, query: { limit: 50, ...query, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** The organization's members (the actor filter's choices). */
export function membersList(orgId: string) {
  return cursorListOptions(['orgs', orgId, 'members'], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/members', { params: { path: { orgId }, query: { limit: 50, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** One entry by id, for a link to an entry that is not among those loaded (older, or outside the filters). */
export function auditEntryQuery(orgId: string, entryId: string) {
  return queryOptions({
    queryKey: ['orgs', orgId, 'audit-log', 'entry', entryId],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/audit-log/{entryId}', { params: { path: { orgId, entryId } } })),
    staleTime: Infinity,
  });
}
