import type { Kysely } from 'kysely';
import { GatewayError } from '../../core/errors.js';
import { keysetAfter } from '../../store/keyset.js';
import type { Database } from '../../store/schema.js';
import { insertNotification, type NewNotification } from '../../tenancy/notification-repository.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { presentNotification } from './presenter.js';

/** Notify a person; call inside the transaction of the change it reports. */
export function notify(trx: Kysely<Database>, input: NewNotification): Promise<void> {
  return insertNotification(trx, input);
}

/** A person's notifications, newest first. */
export async function listNotifications(ctx: ConsoleContext, userId: string, query: { readonly limit: number; readonly cursor?: string | undefined; readonly unread?: 'true' | 'false' | undefined }) {
  const page = toPageRequest(query);
  const rows = await ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(query.unread === 'true', (q) => q.where('read_at', 'is', null))
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'desc')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  const mapped = rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, body: r.body, orgId: r.org_id, readAt: r.read_at === null ? null : Number(r.read_at), createdAt: Number(r.created_at) }));
  return toPage(mapped, query, presentNotification);
}

/** Mark one notification read (404 for someone else's). */
export async function markNotificationRead(ctx: ConsoleContext, userId: string, id: string, now: number): Promise<void> {
  const row = await ctx.db.selectFrom('notifications').select(['id', 'read_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new GatewayError('CONSOLE_NOT_FOUND', `No notification '${id}'.`);
  if (row.read_at === null) await ctx.db.updateTable('notifications').set({ read_at: now }).where('id', '=', id).execute();
}

/** Mark every notification of a person read. */
export async function markAllNotificationsRead(ctx: ConsoleContext, userId: string, now: number): Promise<void> {
  await ctx.db.updateTable('notifications').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}
