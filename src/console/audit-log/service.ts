import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import { GatewayError } from '../../core/errors.js';
import { keysetAfter } from '../../store/keyset.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { presentAuditEntry } from './presenter.js';

/** The entries of an organization with their actor's name and email as they are now (the log reads as people, not ids). */
function entriesOf(ctx: ConsoleContext, orgId: string) {
  return ctx.db
    .selectFrom('audit_log')
    .leftJoin('users', 'users.id', 'audit_log.actor_id')
    .selectAll('audit_log')
    .select(['users.name as actor_name', 'users.email as actor_email'])
    .where('audit_log.org_id', '=', orgId);
}

/** One audit entry of an organization, however old (a deep link opens it without paging to it). */
export async function getAuditEntry(ctx: ConsoleContext, actor: Actor, orgId: string, entryId: string) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.audit.read');
  const row = await entriesOf(ctx, orgId).where('audit_log.id', '=', entryId).executeTakeFirst();
  if (row === undefined) throw new GatewayError('CONSOLE_NOT_FOUND', `No audit entry '${entryId}' in this organization.`);
  return presentAuditEntry(row);
}

/** An organization's audit log, newest first. */
export async function listAuditLog(
  ctx: ConsoleContext, actor: Actor, orgId: string,
  query: {
    readonly limit: number; readonly cursor?: string | undefined; readonly action?: string | undefined; readonly target_id?: string | undefined;
    readonly target_type?: string | undefined; readonly actor_id?: string | undefined; readonly since?: number | undefined; readonly until?: number | undefined;
  },
) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.audit.read');
  const page = toPageRequest(query);
  const rows = await entriesOf(ctx, orgId)
    .$if(query.action !== undefined, (q) => q.where('audit_log.action', '=', query.action!))
    .$if(query.target_id !== undefined, (q) => q.where('audit_log.target_id', '=', query.target_id!))
    .$if(query.target_type !== undefined, (q) => q.where('audit_log.target_type', '=', query.target_type!))
    .$if(query.actor_id !== undefined, (q) => q.where('audit_log.actor_id', '=', query.actor_id!))
    .$if(query.since !== undefined, (q) => q.where('audit_log.created_at', '>=', query.since!))
    .$if(query.until !== undefined, (q) => q.where('audit_log.created_at', '<', query.until!))
    .$if(page.after !== null, (q) => q.where(keysetAfter('audit_log.created_at', 'audit_log.id', page.after!, 'desc')))
    .orderBy('audit_log.created_at', 'desc')
    .orderBy('audit_log.id', 'desc')
    .limit(page.limit)
    .execute();
  return toPage(rows.map((r) => ({ ...r, createdAt: Number(r.created_at) })), query, presentAuditEntry);
}
