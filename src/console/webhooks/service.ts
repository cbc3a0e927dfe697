import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import { GatewayError } from '../../core/errors.js';
import { emitWebhookEvent } from '../../webhooks/emit-event.js';
import {
  deleteWebhookEndpoint, getEndpointDelivery, getWebhookEndpoint, insertWebhookEndpoint, listEndpointDeliveries, listWebhookEndpoints, rotateWebhookSecret, updateWebhookEndpoint,
} from '../../webhooks/endpoint-repository.js';
import { generateWebhookSecret } from '../../webhooks/webhook-secret.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { presentWebhookDelivery, presentWebhookDeliveryDetail, presentWebhookEndpoint, snapshotWebhookEndpoint } from './presenter.js';
import type { WebhookDeliveryDetailView, WebhookEndpointView } from './schema.js';

/** How long the secret before a rotation keeps signing deliveries: 24 hours. */
export const PREVIOUS_SECRET_OVERLAP_MS = 24 * 3_600_000;

/** Fields a create or update may carry (validated by schema.ts). */
export interface WebhookEndpointInput {
  readonly url?: string | undefined;
  readonly description?: string | undefined;
  readonly event_types?: string[] | undefined;
  readonly enabled?: boolean | undefined;
}

type PageQuery = { readonly limit: number; readonly cursor?: string | undefined };

async function loadEndpoint(ctx: ConsoleContext, actor: Actor, orgId: string, endpointId: string) {
  const access = await authorizeOrg(ctx.db, actor, orgId, 'org.webhooks.manage');
  const endpoint = await getWebhookEndpoint(ctx.db, orgId, endpointId);
  if (endpoint === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No webhook endpoint '${endpointId}' in this organization.`);
  return { access, endpoint };
}

/** Endpoints of an organization, newest first (no secrets). */
export async function listWebhookEndpointViews(ctx: ConsoleContext, actor: Actor, orgId: string, query: PageQuery) {
  const access = await authorizeOrg(ctx.db, actor, orgId, 'org.webhooks.manage');
  const rows = await listWebhookEndpoints(ctx.db, orgId, toPageRequest(query));
  const now = ctx.now();
  return toPage(rows, query, (row) => presentWebhookEndpoint(row, access.permissions, now));
}

/** One endpoint. */
export async function getWebhookEndpointView(ctx: ConsoleContext, actor: Actor, orgId: string, endpointId: string): Promise<WebhookEndpointView> {
  const { access, endpoint } = await loadEndpoint(ctx, actor, orgId, endpointId);
  return presentWebhookEndpoint(endpoint, access.permissions, ctx.now());
}

/** Create an endpoint; its signing secret is returned this once. */
export async function createWebhookEndpoint(ctx: ConsoleContext, change: ChangeContext, orgId: string, input: WebhookEndpointInput & { readonly url: string }) {
  const access = await authorizeOrg(ctx.db, change.actor!, orgId, 'org.webhooks.manage');
  const secret = generateWebhookSecret();
  const row = await ctx.db.transaction().execute(async (trx) => {
    const created = await insertWebhookEndpoint(trx, {
      orgId, url: input.url, description: input.description ?? '', eventTypes: input.event_types ?? ['*'], enabled: input.enabled ?? true, secret, now: change.now,
    });
    await writeAudit(trx, change, { orgId, action: 'webhook_endpoint.create', targetType: 'webhook_endpoint', targetId: created.id, before: null, after: snapshotWebhookEndpoint(created) });
    return created;
  });
  return { ...presentWebhookEndpoint(row, access.permissions, change.now), secret };
}

/** Change an endpoint's URL, description, event types or enabled flag. */
export async function updateWebhookEndpointFields(ctx: ConsoleContext, change: ChangeContext, orgId: string, endpointId: string, input: WebhookEndpointInput): Promise<WebhookEndpointView> {
  const { access, endpoint } = await loadEndpoint(ctx, change.actor!, orgId, endpointId);
  const after = await ctx.db.transaction().execute(async (trx) => {
    await updateWebhookEndpoint(trx, endpointId, {
      ...(input.url === undefined ? {} : { url: input.url }),
      ...(input.description === undefined ? {} : { description: input.description }),
      ...(input.event_types === undefined ? {} : { eventTypes: input.event_types }),
      ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    }, change.now);
    const updated = (await getWebhookEndpoint(trx, orgId, endpointId))!;
    await writeAudit(trx, change, { orgId, action: 'webhook_endpoint.update', targetType: 'webhook_endpoint', targetId: endpointId, before: snapshotWebhookEndpoint(endpoint), after: snapshotWebhookEndpoint(updated) });
    return updated;
  });
  return presentWebhookEndpoint(after, access.permissions, change.now);
}

/** Delete an endpoint with its deliveries. */
export async function deleteWebhookEndpointById(ctx: ConsoleContext, change: ChangeContext, orgId: string, endpointId: string): Promise<void> {
  const { endpoint } = await loadEndpoint(ctx, change.actor!, orgId, endpointId);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteWebhookEndpoint(trx, endpointId);
    await writeAudit(trx, change, { orgId, action: 'webhook_endpoint.delete', targetType: 'webhook_endpoint', targetId: endpointId, before: snapshotWebhookEndpoint(endpoint), after: null });
  });
}

/** Replace the signing secret (returned once); the previous one keeps signing for 24 hours. */
export async function rotateWebhookEndpointSecret(ctx: ConsoleContext, change: ChangeContext, orgId: string, endpointId: string) {
  const { access, endpoint } = await loadEndpoint(ctx, change.actor!, orgId, endpointId);
  const secret = generateWebhookSecret();
  const after = await ctx.db.transaction().execute(async (trx) => {
    await rotateWebhookSecret(trx, endpointId, secret, change.now + PREVIOUS_SECRET_OVERLAP_MS, change.now);
    const rotated = (await getWebhookEndpoint(trx, orgId, endpointId))!;
    const expires = new Date(change.now + PREVIOUS_SECRET_OVERLAP_MS).toISOString();
    // The audit entry records that a rotation happened, never either secret.
    await writeAudit(trx, change, {
      orgId, action: 'webhook_endpoint.rotate_secret', targetType: 'webhook_endpoint', targetId: endpointId,
      before: snapshotWebhookEndpoint(endpoint), after: { ...snapshotWebhookEndpoint(rotated), previous_secret_expires_at: expires },
    });
    return rotated;
  });
  return { ...presentWebhookEndpoint(after, access.permissions, change.now), secret };
}

/** Recent deliveries of an endpoint, newest first. */
export async function listWebhookDeliveryViews(ctx: ConsoleContext, actor: Actor, orgId: string, endpointId: string, query: PageQuery) {
  await loadEndpoint(ctx, actor, orgId, endpointId);
  const rows = await listEndpointDeliveries(ctx.db, endpointId, toPageRequest(query));
  return toPage(rows, query, presentWebhookDelivery);
}

/** One delivery of an endpoint with its payload and every attempt. */
export async function getWebhookDeliveryView(ctx: ConsoleContext, actor: Actor, orgId: string, endpointId: string, deliveryId: string): Promise<WebhookDeliveryDetailView> {
  await loadEndpoint(ctx, actor, orgId, endpointId);
  const found = await getEndpointDelivery(ctx.db, endpointId, deliveryId);
  if (found === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No delivery '${deliveryId}' for this webhook endpoint.`);
  return presentWebhookDeliveryDetail(found.delivery, found.payload, found.attempts);
}

/** Queue a `webhook.test` ping to this endpoint only (whatever it subscribes to); 409 when it is disabled. */
export async function sendWebhookTest(ctx: ConsoleContext, change: ChangeContext, orgId: string, endpointId: string) {
  const { endpoint } = await loadEndpoint(ctx, change.actor!, orgId, endpointId);
  if (!endpoint.enabled) throw new GatewayError('CONSOLE_CONFLICT', 'The endpoint is disabled; enable it before sending a test.', { param: 'endpointId' });
  return ctx.db.transaction().execute(async (trx) => {
    const eventId = (await emitWebhookEvent(trx, { orgId, type: 'webhook.test', data: { endpoint_id: endpointId }, now: change.now, onlyEndpointId: endpointId }))!;
    const delivery = await trx.selectFrom('webhook_deliveries').select('id').where('event_id', '=', eventId).executeTakeFirstOrThrow();
    await writeAudit(trx, change, { orgId, action: 'webhook_endpoint.test', targetType: 'webhook_endpoint', targetId: endpointId, before: null, after: { event_id: eventId } });
    return { event_id: eventId, delivery_id: delivery.id };
  });
}
