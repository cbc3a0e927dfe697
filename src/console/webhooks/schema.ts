import { z } from 'zod';
import { webhookEndpointPolicy } from '../../auth/policies/webhook-endpoint.js';
import { WEBHOOK_EVENT_TYPES } from '../../webhooks/event-types.js';
import { pageQueryShape } from '../internal/pagination.js';
import { abilitiesSchema, idParam } from '../internal/wire.js';

/** Path of routes on one endpoint. */
export const webhookEndpointParams = z.strictObject({
  /** Organization id. */
  orgId: idParam('org'),
  /** Endpoint id. */
  endpointId: idParam('whe'),
});

/** Query of endpoint and delivery lists. */
export const listWebhooksQuery = z.strictObject({ ...pageQueryShape });

/** A receiver URL: http or https, no credentials in it (they would be shown to every admin). */
const webhookUrl = z.string().max(2000).superRefine((text, ctx) => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Expected an absolute http:// or https:// URL.' });
    return;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') ctx.addIssue({ code: 'custom', message: 'Only http:// and https:// URLs are accepted.' });
  else if (url.username !== '' || url.password !== '') ctx.addIssue({ code: 'custom', message: 'The URL may not contain a user name or password.' });
});

const KNOWN_TYPES = new Set<string>(['*', ...WEBHOOK_EVENT_TYPES]);

/** Subscribed event types (`*` for all); unknown ones are refused by name. */
const eventTypes = z.array(z.string().max(100)).min(1).max(50).superRefine((types, ctx) => {
  const unknown = types.filter((t) => !KNOWN_TYPES.has(t));
  if (unknown.length > 0) ctx.addIssue({ code: 'custom', message: `Unknown event types: ${unknown.join(', ')}. Known: *, ${WEBHOOK_EVENT_TYPES.join(', ')}.` });
});

/** Body of `POST /orgs/:orgId/webhooks`. */
export const createWebhookBody = z.strictObject({
  /** Where deliveries are POSTed. */
  url: webhookUrl,
  /** Free text (default empty). */
  description: z.string().max(500).optional(),
  /** Event types to receive (default `["*"]`, every type). */
  event_types: eventTypes.optional(),
  /** Whether deliveries are made (default true). */
  enabled: z.boolean().optional(),
});

/** Body of `PATCH /orgs/:orgId/webhooks/:endpointId`; omitted fields are kept. */
export const updateWebhookBody = z.strictObject({
  /** New URL. */
  url: webhookUrl.optional(),
  /** New description. */
  description: z.string().max(500).optional(),
  /** New event types. */
  event_types: eventTypes.optional(),
  /** Enable or disable; a disabled endpoint gets nothing, not even deliveries already queued. */
  enabled: z.boolean().optional(),
});

/** An endpoint as sent (never the secret, except once at creation and rotation). */
export const webhookEndpointDto = z.object({
  id: z.string(),
  org_id: z.string(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(z.enum(['*', ...WEBHOOK_EVENT_TYPES])).describe('Subscribed event types; `*` is every type.'),
  enabled: z.boolean(),
  previous_secret_expires_at: z.string().nullable().describe('Until when the secret before the last rotation still signs, or null.'),
  created_at: z.string(),
  updated_at: z.string(),
  abilities: abilitiesSchema(Object.keys(webhookEndpointPolicy) as [string, ...string[]]),
});

/** An endpoint with its signing secret: returned by create and rotate only. */
export const webhookEndpointWithSecretDto = webhookEndpointDto.extend({
  secret: z.string().describe('whsec_...; shown once. Verify deliveries with it (Standard Webhooks).'),
});

/** One delivery of an event to an endpoint. */
export const webhookDeliveryDto = z.object({
  id: z.string(),
  event_id: z.string().describe('The webhook-id header; the same on every attempt.'),
  event_type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().describe('HTTP status of the last attempt, or null (no answer).'),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable().describe('When the next attempt is due (pending only).'),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
});

/** Path of routes on one delivery. */
export const webhookDeliveryParams = webhookEndpointParams.extend({
  /** Delivery id. */
  deliveryId: idParam('whd'),
});

/** One attempt of a delivery: a POST made and what the receiver answered, or why it did not. */
export const webhookAttemptDto = z.object({
  attempt: z.number().int().describe('1 for the first attempt, then 2, 3 ...'),
  attempted_at: z.string(),
  response_status: z.number().int().nullable().describe('HTTP status the receiver answered, or null (no answer: refused, reset, timed out).'),
  latency_ms: z.number().int().describe('From sending to the end of the answer (or the failure).'),
  error: z.string().nullable().describe('Why the attempt failed (non-2xx status or network error), or null.'),
  response_body: z.string().nullable().describe("The start of the receiver's answer (at most 1 KiB), or null when it sent none."),
});

/** A delivery with what it sends and every attempt. */
export const webhookDeliveryDetailDto = webhookDeliveryDto.extend({
  payload: z.string().describe('The body POSTed on every attempt, exactly as sent (JSON text).'),
  attempt_history: z.array(webhookAttemptDto).describe('Every attempt, oldest first (as many as `attempts`).'),
});

/** Answer of the test route: the queued ping. */
export const webhookTestDto = z.object({ event_id: z.string(), delivery_id: z.string() });

/** The endpoint view. */
export type WebhookEndpointView = z.infer<typeof webhookEndpointDto>;
/** The delivery view. */
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryDto>;
/** The delivery view with its attempts. */
export type WebhookDeliveryDetailView = z.infer<typeof webhookDeliveryDetailDto>;
