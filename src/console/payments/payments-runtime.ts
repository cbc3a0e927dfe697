import { createPaymentProvider, type PaymentSettings } from '../../payments/create-payment-provider.js';
import type { PaymentProvider } from '../../payments/payment-provider.js';

/** The console's payment runtime, built once by `registerConsole`. */
export interface PaymentsRuntime {
  /** Provider of new top-ups. */
  readonly provider: PaymentProvider;
  /** Text of the manual payment page, or null for the default. */
  readonly manualInstructions: string | null;
  /** Stripe webhook signing secret; `POST /webhooks/stripe` is served only when set. */
  readonly stripeWebhookSecret: string | null;
}

/** Build the runtime from settings (absent: the offline `manual` provider). */
export function createPaymentsRuntime(settings: PaymentSettings | undefined, publicUrl: string): PaymentsRuntime {
  const resolved: PaymentSettings = settings ?? { provider: 'manual' };
  return {
    provider: createPaymentProvider(resolved, publicUrl),
    manualInstructions: resolved.manualInstructions ?? null,
    stripeWebhookSecret: resolved.stripe?.webhookSecret ?? null,
  };
}
