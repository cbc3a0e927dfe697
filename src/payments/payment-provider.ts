/** Which provider handles a payment. */
export type PaymentProviderId = 'manual' | 'stripe';

/** What a provider needs to start a checkout for a pending payment. */
export interface CheckoutRequest {
  /** `pay_...` id: the reference the payer quotes and the ledger credit carries. */
  readonly paymentId: string;
  /** Organization credited on completion. */
  readonly orgId: string;
  /** Amount, nano-USD, whole cents. */
  readonly amountNano: bigint;
}

/** A started checkout. */
export interface Checkout {
  /** Where the payer goes to pay. */
  readonly checkoutUrl: string;
  /** The provider's own id for it (Stripe Checkout Session id), or null. */
  readonly providerRef: string | null;
}

/**
 * A payment provider: starts checkouts and withdraws them. It never credits anything: completion
 * is `console/payments/complete-payment.ts`, reached by the operator (`manual`) or by a signed
 * webhook (`stripe`), as `completedBy` says.
 */
export interface PaymentProvider {
  /** Provider id, stored on each payment. */
  readonly id: PaymentProviderId;
  /** Who completes its payments: the platform operator, or the provider's signed webhook only. */
  readonly completedBy: 'operator' | 'webhook';
  /** Start a checkout; throws a GatewayError when the provider cannot be reached or refuses. */
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /** Withdraw a checkout so it can no longer be paid; throws CONSOLE_CONFLICT when it was already paid. */
  cancelCheckout(providerRef: string | null): Promise<void>;
}
