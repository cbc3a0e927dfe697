import type { EventTypeChoice } from './queries';

/**
 * What each event type means, in words. Keyed by the API's own list (`event_types` in
 * /openapi.json), so a type the server adds fails the web typecheck until it is described here.
 */
export const EVENT_TYPE_LABELS: Readonly<Record<Exclude<EventTypeChoice, '*'>, string>> = {
  'billing.balance_low': 'The balance fell below the low threshold',
  'billing.balance_critical': 'The balance fell below the critical threshold',
  'billing.top_up_completed': 'A top-up was paid and credited',
  'api_key.created': 'An API key was created',
  'api_key.disabled': 'An API key was disabled or deleted',
  'model.deprecated': 'A model the organization uses is being retired',
  'webhook.test': 'A test ping sent from this page',
};

/** Every event type, in the order above. */
export const EVENT_TYPES = Object.keys(EVENT_TYPE_LABELS) as readonly Exclude<EventTypeChoice, '*'>[];
