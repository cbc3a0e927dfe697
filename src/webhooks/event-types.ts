/** Every event type an organization's webhook endpoints can subscribe to (`*` means all). */
export const WEBHOOK_EVENT_TYPES = [
  'billing.balance_low', // the balance fell below the low alert threshold
  'billing.balance_critical', // the balance fell below the critical alert threshold
  'billing.top_up_completed', // a top-up was paid and credited
  'api_key.created', // an inference key was created
  'api_key.disabled', // an inference key was disabled (or deleted)
  'model.deprecated', // a model the organization uses was marked deprecated in the catalogue
  'webhook.test', // a ping sent on request from the console (POST .../webhooks/:id/test)
] as const;

/** One webhook event type. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
