import type { z } from 'zod';
import { isoTime, isoTimeOrNull } from '../internal/wire.js';
import type { notificationDto } from './schema.js';

/** A notification as read from the store. */
export interface NotificationRow {
  /** `ntf_...` id. */
  readonly id: string;
  /** Machine kind. */
  readonly kind: string;
  /** One-line title. */
  readonly title: string;
  /** Text. */
  readonly body: string;
  /** Organization concerned, or null. */
  readonly orgId: string | null;
  /** When read, ms, or null. */
  readonly readAt: number | null;
  /** Creation time, ms. */
  readonly createdAt: number;
}

/** Present a notification. */
export function presentNotification(row: NotificationRow): z.infer<typeof notificationDto> {
  return { id: row.id, kind: row.kind, title: row.title, body: row.body, org_id: row.orgId, read_at: isoTimeOrNull(row.readAt), created_at: isoTime(row.createdAt) };
}
