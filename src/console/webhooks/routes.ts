import { orgParams } from '../organizations/schema.js';
import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import {
  createWebhookBody, listWebhooksQuery, updateWebhookBody, webhookDeliveryDetailDto, webhookDeliveryDto, webhookDeliveryParams, webhookEndpointDto, webhookEndpointParams, webhookEndpointWithSecretDto, webhookTestDto,
} from './schema.js';
import {
  createWebhookEndpoint, deleteWebhookEndpointById, getWebhookDeliveryView, getWebhookEndpointView, listWebhookDeliveryViews, listWebhookEndpointViews, rotateWebhookEndpointSecret,
  sendWebhookTest, updateWebhookEndpointFields,
} from './service.js';

const tag = 'webhooks';
const permission = 'org.webhooks.manage';

/** Webhook endpoint routes (organization admins). */
export const webhookRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/webhooks', tag, auth: 'member', permission, summary: "List the organization's webhook endpoints (never secrets), newest first.",
    params: orgParams, query: listWebhooksQuery, response: pageEnvelopeSchema(webhookEndpointDto),
    handler: ({ ctx, actor, params, query }) => listWebhookEndpointViews(ctx, actor, params.orgId, query),
  }),
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/webhooks', tag, auth: 'member', permission, status: 201, summary: 'Create a webhook endpoint; its signing secret is returned once.',
    params: orgParams, body: createWebhookBody, response: webhookEndpointWithSecretDto,
    handler: ({ ctx, change, params, body }) => createWebhookEndpoint(ctx, change, params.orgId, body),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/webhooks/:endpointId', tag, auth: 'member', permission, summary: 'Get a webhook endpoint.',
    params: webhookEndpointParams, response: webhookEndpointDto,
    handler: ({ ctx, actor, params }) => getWebhookEndpointView(ctx, actor, params.orgId, params.endpointId),
  }),
  defineRoute({
    method: 'PATCH', url: '/orgs/:orgId/webhooks/:endpointId', tag, auth: 'member', permission, summary: 'Update a webhook endpoint (url, description, event types, enabled).',
    params: webhookEndpointParams, body: updateWebhookBody, response: webhookEndpointDto,
    handler: ({ ctx, change, params, body }) => updateWebhookEndpointFields(ctx, change, params.orgId, params.endpointId, body),
  }),
  defineRoute({
    method: 'DELETE', url: '/orgs/:orgId/webhooks/:endpointId', tag, auth: 'member', permission, status: 204, summary: 'Delete a webhook endpoint and its deliveries.',
    params: webhookEndpointParams,
    handler: ({ ctx, change, params }) => deleteWebhookEndpointById(ctx, change, params.orgId, params.endpointId),
  }),
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/webhooks/:endpointId/rotate-secret', tag, auth: 'member', permission, summary: 'Replace the signing secret (returned once); the previous one keeps signing for 24 hours.',
    params: webhookEndpointParams, response: webhookEndpointWithSecretDto,
    handler: ({ ctx, change, params }) => rotateWebhookEndpointSecret(ctx, change, params.orgId, params.endpointId),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/webhooks/:endpointId/deliveries', tag, auth: 'member', permission, summary: "List an endpoint's recent deliveries, newest first.",
    params: webhookEndpointParams, query: listWebhooksQuery, response: pageEnvelopeSchema(webhookDeliveryDto),
    handler: ({ ctx, actor, params, query }) => listWebhookDeliveryViews(ctx, actor, params.orgId, params.endpointId, query),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/webhooks/:endpointId/deliveries/:deliveryId', tag, auth: 'member', permission,
    summary: 'Get one delivery with the payload it sends and every attempt (time, HTTP status, latency, error, the start of the answer).',
    params: webhookDeliveryParams, response: webhookDeliveryDetailDto,
    handler: ({ ctx, actor, params }) => getWebhookDeliveryView(ctx, actor, params.orgId, params.endpointId, params.deliveryId),
  }),
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/webhooks/:endpointId/test', tag, auth: 'member', permission, status: 201, summary: 'Queue a webhook.test ping to this endpoint.',
    params: webhookEndpointParams, response: webhookTestDto,
    handler: ({ ctx, change, params }) => sendWebhookTest(ctx, change, params.orgId, params.endpointId),
  }),
];
