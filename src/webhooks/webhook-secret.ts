import { randomBytes } from 'node:crypto';

/** Random bytes in a signing secret (the Standard Webhooks spec asks for 24 to 64). */
const SECRET_BYTES = 32;

/** A new endpoint signing secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(SECRET_BYTES).toString('base64')}`;
}
