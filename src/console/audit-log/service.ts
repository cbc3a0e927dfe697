import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import { keysetAfter } from '../../store/keyset.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { presentAuditEntry } from './presenter.js';

/** An organization's audit log, newest first. */
export async function listAuditLog(
  ctx: ConsoleContext, actor: Actor, orgId: string,
  query: { readonly limit: number; readonly cursor?: string | undefined; readonly action?: string | undefined; readonly target_id?: string | undefined },
) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.audit.read');
  const page = toPageRequest(query);
  const rows = await ctx.db
    .selectFrom('audit_log')
    .selectAll()
    .where('org_id', '=', orgId)
    .$if(query.action !== undefined, (q) => q.where('action', '=', query.action!))
    .$if(query.target_id !== undefined, (q) => q.where('target_id', '=', query.target_id!))
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'desc')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  return toPage(rows.map((r) => ({ ...r, createdAt: Number(r.created_at) })), query, presentAuditEntry);
}
