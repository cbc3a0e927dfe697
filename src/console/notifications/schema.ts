import { z } from 'zod';
import { pageQueryShape } from '../internal/pagination.js';
import { idParam } from '../internal/wire.js';

/** Path of `POST /me/notifications/:notificationId/read`. */
export const notificationParams = z.strictObject({
  /** Notification id. */
  notificationId: idParam('ntf'),
});

/** Query of `GET /me/notifications`. */
export const listNotificationsQuery = z.strictObject({
  ...pageQueryShape,
  /** `true`: only unread notifications. */
  unread: z.enum(['true', 'false']).optional(),
});

/** A notification as sent. */
export const notificationDto = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  org_id: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
