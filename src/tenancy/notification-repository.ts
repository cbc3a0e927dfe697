import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import type { Database } from '../store/schema.js';

/** A notification to show one person in the console. */
export interface NewNotification {
  /** Recipient. */
  readonly userId: string;
  /** Machine kind, e.g. `org.role_changed`, `billing.balance_low`. */
  readonly kind: string;
  /** One-line title. */
  readonly title: string;
  /** Text body. */
  readonly body: string;
  /** Organization concerned, or null. */
  readonly orgId: string | null;
  /** Creation time, ms. */
  readonly now: number;
}

/** Insert an unread notification; call inside the transaction of the change it reports. */
export async function insertNotification(db: Kysely<Database>, input: NewNotification): Promise<void> {
  await db
    .insertInto('notifications')
    .values({ id: createId('ntf', input.now), user_id: input.userId, kind: input.kind, title: input.title, body: input.body, org_id: input.orgId, read_at: null, created_at: input.now })
    .execute();
}
