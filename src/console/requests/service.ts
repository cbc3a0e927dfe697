import { authorizeProject, type Actor } from '../../auth/authorize.js';
import { getRequestLogRow, type RequestLogRow } from '../../billing/request-log-repository.js';
import { GatewayError } from '../../core/errors.js';
import { keysetAfter } from '../../store/keyset.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { presentRequest } from './presenter.js';
import { presentRequestDetail } from './request-detail.js';

/** Filters of the project request log. */
export interface RequestFilters {
  /** Page size. */
  readonly limit: number;
  /** Cursor from the previous page. */
  readonly cursor?: string | undefined;
  /** Only this key. */
  readonly key_id?: string | undefined;
  /** Only this model (requested or resolved). */
  readonly model?: string | undefined;
  /** Only this HTTP status. */
  readonly status?: number | undefined;
  /** Only requests from the playground or made with a key. */
  readonly source?: 'api' | 'playground' | undefined;
  /** At or after this time, ms. */
  readonly since?: number | undefined;
  /** Before this time, ms. */
  readonly until?: number | undefined;
}

/** A project's request log, newest first, filtered. */
export async function listProjectRequests(ctx: ConsoleContext, actor: Actor, projectId: string, query: RequestFilters) {
  await authorizeProject(ctx.db, actor, projectId, 'project.requests.read');
  const page = toPageRequest(query);
  const ids = await ctx.db
    .selectFrom('request_log')
    .select('id')
    .where('project_id', '=', projectId)
    .$if(query.key_id !== undefined, (q) => q.where('key_id', '=', query.key_id!))
    .$if(query.model !== undefined, (q) => q.where((eb) => eb.or([eb('model_requested', '=', query.model!), eb('model_resolved', '=', query.model!)])))
    .$if(query.status !== undefined, (q) => q.where('status', '=', query.status!))
    .$if(query.source !== undefined, (q) => q.where('source', '=', query.source!))
    .$if(query.since !== undefined, (q) => q.where('created_at', '>=', query.since!))
    .$if(query.until !== undefined, (q) => q.where('created_at', '<', query.until!))
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'desc')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  // Read through the repository so this view always matches what the gateway recorded.
  const rows = (await Promise.all(ids.map((r) => getRequestLogRow(ctx.db, r.id)))).filter((r): r is RequestLogRow => r !== null);
  return toPage(rows, query, presentRequest);
}

/** One request by the id users quote; 404 unless the caller may read its project's request log. */
export async function getRequest(ctx: ConsoleContext, actor: Actor, requestId: string) {
  const row = await getRequestLogRow(ctx.db, requestId);
  const missing = new GatewayError('CONSOLE_NOT_FOUND', `No request '${requestId}' that you can see.`);
  if (row === null) throw missing;
  if (row.projectId === null) {
    // Requests that failed authentication belong to no project: only the operator sees them.
    if (actor.kind !== 'operator') throw missing;
    return presentRequestDetail(ctx, row);
  }
  await authorizeProject(ctx.db, actor, row.projectId, 'project.requests.read').catch((error: unknown) => {
    throw error instanceof GatewayError && error.code === 'CONSOLE_FORBIDDEN' ? error : missing;
  });
  return presentRequestDetail(ctx, row);
}
