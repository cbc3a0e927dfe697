import type { Policy } from '../authorize.js';

/** Actions on a webhook endpoint. */
export type WebhookEndpointAction = 'read' | 'update' | 'delete' | 'rotate_secret' | 'test';

/** Webhook endpoint policy: everything needs `org.webhooks.manage` (endpoints carry signing secrets). */
export const webhookEndpointPolicy: Policy<WebhookEndpointAction> = {
  read: 'org.webhooks.manage',
  update: 'org.webhooks.manage',
  delete: 'org.webhooks.manage',
  rotate_secret: 'org.webhooks.manage',
  test: 'org.webhooks.manage',
};
