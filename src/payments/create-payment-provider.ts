import { createManualProvider } from './manual/manual-provider.js';
import type { PaymentProvider, PaymentProviderId } from './payment-provider.js';
import { createStripeProvider } from './stripe/stripe-provider.js';

/** Payment settings of the server (`TF_PAYMENTS_PROVIDER` and friends, read by config/). */
export interface PaymentSettings {
  /** Provider of new top-ups. */
  readonly provider: PaymentProviderId;
  /** Text of the manual payment page (`TF_MANUAL_PAYMENT_INSTRUCTIONS`), or null for the default. */
  readonly manualInstructions?: string | null;
  /** Stripe credentials; required when `provider` is `stripe`. */
  readonly stripe?: {
    /** API secret key. */
    readonly secretKey: string;
    /** Webhook endpoint signing secret (`whsec_...`). */
    readonly webhookSecret: string;
    /** Another API host (tests), or null. */
    readonly apiBase?: string | null;
  } | null;
}

/** The provider the settings name. */
export function createPaymentProvider(settings: PaymentSettings, publicUrl: string): PaymentProvider {
  if (settings.provider === 'manual') return createManualProvider({ publicUrl });
  if (!settings.stripe) throw new Error('The stripe payment provider needs TF_STRIPE_SECRET_KEY and TF_STRIPE_WEBHOOK_SECRET.');
  return createStripeProvider({ secretKey: settings.stripe.secretKey, apiBase: settings.stripe.apiBase ?? null, publicUrl });
}
