import type { PaymentProvider } from '../payment-provider.js';

/** Settings of {@link createManualProvider}. */
export interface ManualProviderSettings {
  /** Public base URL of the server, without a trailing slash. */
  readonly publicUrl: string;
}

/** Path of a manual payment's instructions page, served by the same process (outside `/api`). */
export function topUpPagePath(paymentId: string): string {
  return `/console/top-ups/${paymentId}`;
}

/**
 * The `manual` provider (default; works offline): the checkout is a page of payment instructions
 * quoting the payment id as reference, and the platform operator confirms the payment once the
 * money has arrived (`tf-gateway admin payment confirm`, or `POST /api/payments/{id}/confirm`).
 */
export function createManualProvider(settings: ManualProviderSettings): PaymentProvider {
  return {
    id: 'manual',
    completedBy: 'operator',
    createCheckout: async (request) => ({ checkoutUrl: `${settings.publicUrl}${topUpPagePath(request.paymentId)}`, providerRef: null }),
    // Nothing was sent anywhere; a canceled payment's page simply says so.
    cancelCheckout: async () => undefined,
  };
}
