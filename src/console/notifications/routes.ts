import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { listNotificationsQuery, notificationDto, notificationParams } from './schema.js';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service.js';

const tag = 'notifications';

/** The caller's notifications. */
export const notificationRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/me/notifications', tag, auth: 'person', summary: 'Your notifications, newest first.', query: listNotificationsQuery, response: pageEnvelopeSchema(notificationDto),
    handler: ({ ctx, actor, query }) => listNotifications(ctx, actor.userId, query),
  }),
  defineRoute({
    method: 'POST', url: '/me/notifications/read-all', tag, auth: 'person', status: 204, summary: 'Mark every notification read.',
    handler: ({ ctx, actor, change }) => markAllNotificationsRead(ctx, actor.userId, change.now),
  }),
  defineRoute({
    method: 'POST', url: '/me/notifications/:notificationId/read', tag, auth: 'person', status: 204, summary: 'Mark one notification read.', params: notificationParams,
    handler: ({ ctx, actor, change, params }) => markNotificationRead(ctx, actor.userId, params.notificationId, change.now),
  }),
];
