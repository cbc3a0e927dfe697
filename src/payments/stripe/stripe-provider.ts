import type Stripe from 'stripe';
import { GatewayError } from '../../core/errors.js';
import { topUpPagePath } from '../manual/manual-provider.js';
import type { PaymentProvider } from '../payment-provider.js';

/** Settings of {@link createStripeProvider}. */
export interface StripeProviderSettings {
  /** `TF_STRIPE_SECRET_KEY` (`sk_live_...` / `sk_test_...`). */
  readonly secretKey: string;
  /** Another API host (`TF_STRIPE_API_BASE`, e.g. a test fake), or null for api.stripe.com. */
  readonly apiBase: string | null;
  /** Public base URL of the server, for the success and cancel URLs. */
  readonly publicUrl: string;
}

const NANO_PER_CENT = 10_000_000n;

// The SDK loads with the first checkout rather than at start-up.
let loadedStripe: Promise<typeof Stripe> | undefined;

/**
 * The `stripe` provider: each top-up is a Checkout Session (mode `payment`, one USD line item,
 * `client_reference_id` and `metadata.payment_id` = the payment id), created with the official SDK.
 * Payments complete only on the signed `checkout.session.completed` webhook (read-stripe-event.ts).
 */
export function createStripeProvider(settings: StripeProviderSettings): PaymentProvider {
  const host = hostOptions(settings.apiBase);
  let client: Promise<Stripe> | undefined;
  const connect = () => {
    client ??= (loadedStripe ??= import('stripe').then((module) => module.default))
      .then((Sdk) => new Sdk(settings.secretKey, { ...host, maxNetworkRetries: 2, timeout: 20_000, telemetry: false }));
    return client;
  };
  return {
    id: 'stripe',
    completedBy: 'webhook',
    async createCheckout(request) {
      const page = `${settings.publicUrl}${topUpPagePath(request.paymentId)}`;
      try {
        const stripe = await connect();
        const session = await stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: Number(request.amountNano / NANO_PER_CENT), product_data: { name: 'Prepaid credit' } } }],
            client_reference_id: request.paymentId,
            metadata: { payment_id: request.paymentId, org_id: request.orgId },
            success_url: `${page}?checkout=success`,
            cancel_url: `${page}?checkout=canceled`,
          },
          // The payment id makes the SDK's retries (and ours) create one session, not several.
          { idempotencyKey: `checkout-${request.paymentId}` },
        );
        if (!session.url) throw new Error(`Stripe returned session ${session.id} without a url.`);
        return { checkoutUrl: session.url, providerRef: session.id };
      } catch (error) {
        throw providerFailed('start a checkout', error);
      }
    },
    async cancelCheckout(providerRef) {
      if (providerRef === null) return;
      const stripe = await connect();
      try {
        await stripe.checkout.sessions.expire(providerRef);
      } catch (error) {
        // Stripe refuses to expire a session that is complete: it was paid, and its webhook will credit it.
        if (error instanceof stripe.errors.StripeInvalidRequestError) {
          throw new GatewayError('CONSOLE_CONFLICT', 'Stripe no longer allows canceling this checkout (it was probably paid); the payment completes when Stripe reports it.', { cause: error });
        }
        throw providerFailed('cancel the checkout', error);
      }
    },
  };
}

/** SDK host options for another API base URL (the SDK adds `/v1/...` itself). */
function hostOptions(apiBase: string | null): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (apiBase === null) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port), protocol };
}

function providerFailed(what: string, error: unknown): GatewayError {
  const reason = error instanceof Error ? error.message : String(error);
  return new GatewayError('CONSOLE_PAYMENT_PROVIDER_FAILED', `Could not ${what} with Stripe: ${reason}`, { cause: error });
}
