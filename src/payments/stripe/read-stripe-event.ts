import type Stripe from 'stripe';
import { GatewayError } from '../../core/errors.js';

// The SDK loads with the first webhook delivery, not at start-up.
let loadedStripe: Promise<typeof Stripe> | undefined;

/** What a verified Stripe event asks of us. */
export type StripeEventAction =
  | {
      /** A Checkout Session was paid: complete its payment. */
      readonly kind: 'complete';
      /** Checkout Session id (the payment's `provider_ref`). */
      readonly sessionId: string;
      /** Amount Stripe charged, in cents, or null when absent. */
      readonly amountCents: number | null;
      /** Currency charged (lower case), or null. */
      readonly currency: string | null;
    }
  /** The session expired, or its delayed payment failed: the payment will never be paid. */
  | { readonly kind: 'cancel' | 'fail'; readonly sessionId: string }
  /** An event we do not act on (answered 200 so Stripe stops sending it). */
  | { readonly kind: 'ignore'; readonly type: string };

/**
 * Verify a webhook delivery with the SDK (`Stripe-Signature` over the exact raw body, with the
 * endpoint's signing secret, 5 minutes' tolerance) and say what it asks for. A missing or wrong
 * signature, or a body changed in transit, throws CONSOLE_WEBHOOK_SIGNATURE_INVALID (400).
 */
export async function readStripeEvent(rawBody: Buffer, signature: string | undefined, webhookSecret: string): Promise<StripeEventAction> {
  if (signature === undefined || signature === '') {
    throw new GatewayError('CONSOLE_WEBHOOK_SIGNATURE_INVALID', 'Missing Stripe-Signature header.');
  }
  const Sdk = await (loadedStripe ??= import('stripe').then((module) => module.default));
  let event: Stripe.Event;
  try {
    event = Sdk.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    throw new GatewayError('CONSOLE_WEBHOOK_SIGNATURE_INVALID', 'The Stripe-Signature header does not match the body and the webhook secret.', { cause: error });
  }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // `completed` with `unpaid` is a delayed payment method: its money arrives with `async_payment_succeeded`.
      if (session.payment_status !== 'paid') return { kind: 'ignore', type: `${event.type} (${session.payment_status})` };
      return { kind: 'complete', sessionId: session.id, amountCents: session.amount_total ?? null, currency: session.currency ?? null };
    }
    case 'checkout.session.expired':
      return { kind: 'cancel', sessionId: event.data.object.id };
    case 'checkout.session.async_payment_failed':
      return { kind: 'fail', sessionId: event.data.object.id };
    default:
      return { kind: 'ignore', type: event.type };
  }
}
