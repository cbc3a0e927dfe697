import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { findPaymentByProviderRef, getPayment, settlePaymentStatus } from '../../payments/payment-repository.js';
import type { StripeEventAction } from '../../payments/stripe/read-stripe-event.js';
import type { Database } from '../../store/schema.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import { completePayment } from './complete-payment.js';
import { snapshotPayment } from './presenter.js';

const NANO_PER_CENT = 10_000_000n;

/**
 * Apply a verified Stripe event to its payment. Every outcome is idempotent: a replayed or
 * duplicated event finds the payment no longer pending and changes nothing. Events about sessions
 * we did not create (another integration on the same Stripe account) are ignored.
 */
export async function applyStripeEvent(db: Kysely<Database>, action: StripeEventAction, now: number, log: FastifyBaseLogger): Promise<string> {
  if (action.kind === 'ignore') return `ignored ${action.type}`;
  const payment = await findPaymentByProviderRef(db, 'stripe', action.sessionId);
  if (payment === null) return `ignored: no payment for session ${action.sessionId}`;
  // Stripe's own webhook deliveries have no person behind them: the audit actor is `system`.
  const change: ChangeContext = { actor: null, ip: null, userAgent: 'stripe-webhook', now };
  if (action.kind === 'complete') {
    // The session was created with this exact amount; anything else is not ours to credit.
    if (action.currency !== 'usd' || action.amountCents === null || BigInt(action.amountCents) * NANO_PER_CENT !== payment.amountNano) {
      log.error({ paymentId: payment.id, session: action.sessionId, amountCents: action.amountCents, currency: action.currency }, 'Stripe session amount differs from the payment; not credited');
      return 'ignored: amount mismatch';
    }
    const result = await completePayment(db, change, payment.id);
    return result.credited ? `completed ${payment.id}` : `already ${result.payment?.status ?? 'gone'}`;
  }
  const to = action.kind === 'cancel' ? 'canceled' : 'failed';
  await db.transaction().execute(async (trx) => {
    if (!(await settlePaymentStatus(trx, payment.id, to, now))) return;
    await writeAudit(trx, change, { orgId: payment.orgId, action: `payment.${action.kind}`, targetType: 'payment', targetId: payment.id, before: snapshotPayment(payment), after: snapshotPayment({ ...payment, status: to }) });
  });
  return `${(await getPayment(db, payment.id))?.status ?? 'gone'} ${payment.id}`;
}
