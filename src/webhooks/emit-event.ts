import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import type { Database } from '../store/schema.js';
import type { WebhookEventType } from './event-types.js';

/** What happened, to whom. */
export interface WebhookEventInput {
  /** Organization concerned. */
  readonly orgId: string;
  /** Event type. */
  readonly type: WebhookEventType;
  /** Event-specific fields (snake_case, money as USD decimal strings). */
  readonly data: Readonly<Record<string, unknown>>;
  /** When set, a second event with the same key is ignored (the fact was already announced). */
  readonly dedupeKey?: string;
  /** Event time, ms. */
  readonly now: number;
  /** Queue for this endpoint only, whatever it subscribes to (the console's test ping). */
  readonly onlyEndpointId?: string;
}

/**
 * Record an event and queue one delivery per enabled endpoint of the organization that subscribes to
 * it. Call it inside the transaction of the change it reports: it only inserts rows, so it never
 * blocks that request on a receiver, and the event exists exactly when the change does. The delivery
 * worker (webhooks/delivery-worker.ts) sends them. Returns the event id, or null for a duplicate.
 */
export async function emitWebhookEvent(trx: Kysely<Database>, input: WebhookEventInput): Promise<string | null> {
  const id = createId('evt', input.now);
  const payload = JSON.stringify({ type: input.type, timestamp: new Date(input.now).toISOString(), data: input.data });
  const inserted = await trx
    .insertInto('webhook_events')
    .values({ id, org_id: input.orgId, type: input.type, payload, dedupe_key: input.dedupeKey ?? null, created_at: input.now })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted === undefined) return null;
  const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'event_types']).where('org_id', '=', input.orgId).where('enabled', '=', 1)
    .$if(input.onlyEndpointId !== undefined, (q) => q.where('id', '=', input.onlyEndpointId!))
    .execute();
  const subscribed = endpoints.filter((e) => {
    const types = JSON.parse(e.event_types) as string[];
    return input.onlyEndpointId !== undefined || types.includes('*') || types.includes(input.type);
  });
  if (subscribed.length > 0) {
    await trx
      .insertInto('webhook_deliveries')
      .values(subscribed.map((e) => ({
        id: createId('whd', input.now), event_id: id, endpoint_id: e.id, org_id: input.orgId, status: 'pending', attempts: 0,
        next_attempt_at: input.now, locked_until: null, last_status: null, last_error: null, created_at: input.now, last_attempt_at: null,
      })))
      .execute();
  }
  return id;
}
