import { abilitiesOf } from '../../auth/authorize.js';
import type { Permission } from '../../auth/permissions.js';
import { webhookEndpointPolicy } from '../../auth/policies/webhook-endpoint.js';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../webhooks/endpoint-repository.js';
import { isoTime, isoTimeOrNull } from '../internal/wire.js';
import type { WebhookDeliveryDetailView, WebhookDeliveryView, WebhookEndpointView } from './schema.js';

/** Present an endpoint (never its secret) with the caller's abilities. */
export function presentWebhookEndpoint(row: WebhookEndpointRow, permissions: ReadonlySet<Permission>, now: number): WebhookEndpointView {
  return {
    id: row.id,
    org_id: row.orgId,
    url: row.url,
    description: row.description,
    // Checked against the known types when stored (schema.ts), so the list is typed for clients.
    event_types: [...row.eventTypes] as WebhookEndpointView['event_types'],
    enabled: row.enabled,
    previous_secret_expires_at: row.previousSecretExpiresAt !== null && row.previousSecretExpiresAt > now ? isoTime(row.previousSecretExpiresAt) : null,
    created_at: isoTime(row.createdAt),
    updated_at: isoTime(row.updatedAt),
    abilities: abilitiesOf(webhookEndpointPolicy, permissions),
  };
}

/** An endpoint's audit snapshot: settings only, never a secret. */
export function snapshotWebhookEndpoint(row: WebhookEndpointRow): Record<string, unknown> {
  return { id: row.id, url: row.url, description: row.description, event_types: row.eventTypes, enabled: row.enabled };
}

/** Present a delivery. */
export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDeliveryView {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status as WebhookDeliveryView['status'],
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? isoTime(row.nextAttemptAt) : null,
    last_attempt_at: isoTimeOrNull(row.lastAttemptAt),
    created_at: isoTime(row.createdAt),
  };
}

/** Present a delivery with its payload and every attempt. */
export function presentWebhookDeliveryDetail(row: WebhookDeliveryRow, payload: string, attempts: readonly WebhookAttemptRow[]): WebhookDeliveryDetailView {
  return {
    ...presentWebhookDelivery(row),
    payload,
    attempt_history: attempts.map((a) => ({
      attempt: a.attempt,
      attempted_at: isoTime(a.attemptedAt),
      response_status: a.responseStatus,
      latency_ms: a.latencyMs,
      error: a.error,
      response_body: a.responseBody,
    })),
  };
}
