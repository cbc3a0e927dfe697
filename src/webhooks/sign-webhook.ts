import type * as StandardWebhooks from 'standardwebhooks';

/** What one delivery attempt is signed over. */
export interface SignInput {
  /** `webhook-id`: the event id, the same on every retry so receivers can deduplicate. */
  readonly id: string;
  /** Attempt time, ms (sent as whole seconds in `webhook-timestamp`). */
  readonly timestampMs: number;
  /** The exact body sent. */
  readonly body: string;
  /** Secrets to sign with, current first (`whsec_...`); more than one during a rotation overlap. */
  readonly secrets: readonly string[];
}

// standardwebhooks loads with the first delivery, not at start-up.
let loadedStandardWebhooks: Promise<typeof StandardWebhooks> | undefined;

/**
 * The three Standard Webhooks headers for one attempt. With several secrets, `webhook-signature`
 * carries one `v1,<base64>` per secret separated by spaces, as the spec allows, so a receiver that
 * still has the previous secret keeps verifying during the overlap.
 */
export async function signWebhook(input: SignInput): Promise<Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string>> {
  const { Webhook } = await (loadedStandardWebhooks ??= import('standardwebhooks'));
  const at = new Date(input.timestampMs);
  const signatures = input.secrets.map((secret) => new Webhook(secret).sign(input.id, at, input.body));
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(Math.floor(input.timestampMs / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
