import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import { safeParseJson } from '../core/json.js';
import { keysetAfter, type Cursor } from '../store/keyset.js';
import type { Database } from '../store/schema.js';

/** A webhook endpoint as the domain reads it (the secrets stay in the row, never in this shape). */
export interface WebhookEndpointRow {
  readonly id: string;
  readonly orgId: string;
  readonly url: string;
  readonly description: string;
  /** Subscribed event types, or `['*']` for all. */
  readonly eventTypes: readonly string[];
  readonly enabled: boolean;
  /** Until when the previous secret still signs, or null. */
  readonly previousSecretExpiresAt: number | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

type Row = Database['webhook_endpoints'];

function toRow(r: { [K in keyof Row]: unknown }): WebhookEndpointRow {
  const types = safeParseJson(String(r.event_types));
  return {
    id: String(r.id),
    orgId: String(r.org_id),
    url: String(r.url),
    description: String(r.description),
    eventTypes: types.ok && Array.isArray(types.value) ? types.value.filter((t): t is string => typeof t === 'string') : [],
    enabled: Number(r.enabled) === 1,
    previousSecretExpiresAt: r.previous_secret_expires_at === null ? null : Number(r.previous_secret_expires_at),
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  };
}

/** Create an endpoint. */
export async function insertWebhookEndpoint(
  db: Kysely<Database>,
  input: { orgId: string; url: string; description: string; eventTypes: readonly string[]; enabled: boolean; secret: string; now: number },
): Promise<WebhookEndpointRow> {
  const row = {
    id: createId('whe', input.now), org_id: input.orgId, url: input.url, description: input.description, event_types: JSON.stringify(input.eventTypes),
    enabled: input.enabled ? 1 : 0, secret: input.secret, previous_secret: null, previous_secret_expires_at: null, created_at: input.now, updated_at: input.now,
  } as const;
  await db.insertInto('webhook_endpoints').values(row).execute();
  return toRow(row);
}

/** One endpoint of an organization, or null. */
export async function getWebhookEndpoint(db: Kysely<Database>, orgId: string, id: string): Promise<WebhookEndpointRow | null> {
  const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
  return row === undefined ? null : toRow(row);
}

/** Endpoints of an organization, newest first, one keyset page. */
export async function listWebhookEndpoints(db: Kysely<Database>, orgId: string, page: { readonly limit: number; readonly after: Cursor | null }): Promise<WebhookEndpointRow[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('org_id', '=', orgId)
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'desc')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toRow);
}

/** Change an endpoint's settings. */
export async function updateWebhookEndpoint(
  db: Kysely<Database>,
  id: string,
  patch: { url?: string; description?: string; eventTypes?: readonly string[]; enabled?: boolean },
  now: number,
): Promise<void> {
  await db
    .updateTable('webhook_endpoints')
    .set({
      ...(patch.url === undefined ? {} : { url: patch.url }),
      ...(patch.description === undefined ? {} : { description: patch.description }),
      ...(patch.eventTypes === undefined ? {} : { event_types: JSON.stringify(patch.eventTypes) }),
      ...(patch.enabled === undefined ? {} : { enabled: patch.enabled ? 1 : 0 }),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Replace the secret; the old one keeps signing until `previousExpiresAt`. */
export async function rotateWebhookSecret(db: Kysely<Database>, id: string, secret: string, previousExpiresAt: number, now: number): Promise<void> {
  const current = await db.selectFrom('webhook_endpoints').select('secret').where('id', '=', id).executeTakeFirstOrThrow();
  await db
    .updateTable('webhook_endpoints')
    .set({ secret, previous_secret: current.secret, previous_secret_expires_at: previousExpiresAt, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Delete an endpoint and its queued and past deliveries. */
export async function deleteWebhookEndpoint(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('webhook_delivery_attempts').where('delivery_id', 'in', (eb) => eb.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id)).execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/** A delivery as listed for an endpoint. */
export interface WebhookDeliveryRow {
  readonly id: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly status: string;
  readonly attempts: number;
  readonly lastStatus: number | null;
  readonly lastError: string | null;
  readonly nextAttemptAt: number;
  readonly lastAttemptAt: number | null;
  readonly createdAt: number;
}

const DELIVERY_COLUMNS = ['d.id', 'd.event_id', 'e.type', 'd.status', 'd.attempts', 'd.last_status', 'd.last_error', 'd.next_attempt_at', 'd.last_attempt_at', 'd.created_at'] as const;

function toDeliveryRow(r: { id: string; event_id: string; type: string; status: string; attempts: number; last_status: number | null; last_error: string | null; next_attempt_at: number; last_attempt_at: number | null; created_at: number }): WebhookDeliveryRow {
  return {
    id: r.id, eventId: r.event_id, eventType: r.type, status: r.status, attempts: Number(r.attempts),
    lastStatus: r.last_status === null ? null : Number(r.last_status), lastError: r.last_error,
    nextAttemptAt: Number(r.next_attempt_at), lastAttemptAt: r.last_attempt_at === null ? null : Number(r.last_attempt_at), createdAt: Number(r.created_at),
  };
}

/** Deliveries of an endpoint, newest first, one keyset page. */
export async function listEndpointDeliveries(db: Kysely<Database>, endpointId: string, page: { readonly limit: number; readonly after: Cursor | null }): Promise<WebhookDeliveryRow[]> {
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select(DELIVERY_COLUMNS)
    .where('d.endpoint_id', '=', endpointId)
    .$if(page.after !== null, (q) => q.where(keysetAfter('d.created_at', 'd.id', page.after!, 'desc')))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toDeliveryRow);
}

/** One attempt of a delivery. */
export interface WebhookAttemptRow {
  /** 1, 2, 3 ... */
  readonly attempt: number;
  readonly attemptedAt: number;
  readonly responseStatus: number | null;
  readonly latencyMs: number;
  readonly error: string | null;
  readonly responseBody: string | null;
}

/** One delivery of an endpoint with the payload it sends and every attempt, oldest first; null when there is none. */
export async function getEndpointDelivery(
  db: Kysely<Database>,
  endpointId: string,
  deliveryId: string,
): Promise<{ readonly delivery: WebhookDeliveryRow; readonly payload: string; readonly attempts: WebhookAttemptRow[] } | null> {
  const row = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_events as e', 'e.id', 'd.event_id')
    .select([...DELIVERY_COLUMNS, 'e.payload'])
    .where('d.endpoint_id', '=', endpointId)
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (row === undefined) return null;
  const attempts = await db.selectFrom('webhook_delivery_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt').execute();
  return {
    delivery: toDeliveryRow(row),
    payload: row.payload,
    attempts: attempts.map((a) => ({
      attempt: Number(a.attempt), attemptedAt: Number(a.attempted_at), responseStatus: a.response_status === null ? null : Number(a.response_status),
      latencyMs: Number(a.latency_ms), error: a.error, responseBody: a.response_body,
    })),
  };
}
