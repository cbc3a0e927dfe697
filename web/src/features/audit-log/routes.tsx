import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../shell/routes';

/** The audit log's URL state: filters, range and the open entry (all linkable). */
export interface AuditSearch {
  /** `usr_...`: changes by this person. */
  readonly actor?: string;
  /** `project_limits.update` ... */
  readonly action?: string;
  /** Kind of object (`org_member`). */
  readonly type?: string;
  /** Object id. */
  readonly target?: string;
  /** ISO 8601 UTC, inclusive. */
  readonly since?: string;
  /** ISO 8601 UTC, exclusive. */
  readonly until?: string;
  /** `aud_...`: the entry whose change is open. */
  readonly entry?: string;
}

const text = (value: unknown, max = 200): string | undefined => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);
const iso = (value: unknown): string | undefined => {
  const t = text(value, 40);
  return t !== undefined && !Number.isNaN(Date.parse(t)) ? t : undefined;
};

function auditSearch(search: Record<string, unknown>): AuditSearch {
  const out: Record<string, string> = {};
  const put = (key: keyof AuditSearch, value: string | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  put('actor', text(search.actor));
  put('action', text(search.action, 100));
  put('type', text(search.type, 100));
  put('target', text(search.target));
  put('since', iso(search.since));
  put('until', iso(search.until));
  put('entry', text(search.entry));
  return out;
}

/** `/orgs/$orgId/audit-log?action=...&since=...`: who changed what, when. */
export const orgAuditLogRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'audit-log',
  validateSearch: auditSearch,
  component: lazyRouteComponent(() => import('./audit-log-page'), 'AuditLogPage'),
});
