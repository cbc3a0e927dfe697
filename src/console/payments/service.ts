import type { Kysely } from 'kysely';
import { authorizeOperator, authorizeOrg, type Actor } from '../../auth/authorize.js';
import { GatewayError } from '../../core/errors.js';
import { createId } from '../../core/ids.js';
import { findPaymentByIdempotencyKey, getPayment, insertPayment, listOrgPayments, settlePaymentStatus, type PaymentRow, type PaymentStatus } from '../../payments/payment-repository.js';
import type { Database } from '../../store/schema.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { toPage, toPageRequest } from '../internal/pagination.js';
import { completePayment } from './complete-payment.js';
import { presentPayment, snapshotPayment } from './presenter.js';

/**
 * Start a top-up with the configured provider; the payer pays at `checkout_url`. With an
 * `Idempotency-Key`, a retry of the same request returns the payment the first one started.
 */
export async function createTopUp(
  ctx: ConsoleContext, change: ChangeContext, orgId: string, body: { readonly amount_usd?: bigint | undefined; readonly amountUsd?: bigint | undefined },
  idempotencyKey: string | null,
) {
  const access = await authorizeOrg(ctx.db, change.actor!, orgId, 'org.billing.manage');
  if (body.amount_usd !== undefined && body.amountUsd !== undefined) {
    throw new GatewayError('GW_INVALID_VALUE', "Send 'amount_usd' or 'amountUsd', not both.", { param: 'amountUsd' });
  }
  const amountNano = body.amount_usd ?? body.amountUsd;
  if (amountNano === undefined) throw new GatewayError('GW_MISSING_PARAMETER', "Missing required field 'amount_usd' in the body.", { param: 'amount_usd' });
  if (idempotencyKey !== null) {
    const earlier = await findPaymentByIdempotencyKey(ctx.db, orgId, idempotencyKey);
    if (earlier !== null) return presentPayment(sameRequest(earlier, amountNano), access.permissions);
  }
  const id = createId('pay', change.now);
  const provider = ctx.payments.provider;
  // The checkout is started before anything is stored: a provider failure leaves no pending payment behind.
  const checkout = await provider.createCheckout({ paymentId: id, orgId, amountNano });
  const payment: PaymentRow = {
    id, orgId, provider: provider.id, status: 'pending', amountNano, checkoutUrl: checkout.checkoutUrl, providerRef: checkout.providerRef,
    createdBy: change.actor?.kind === 'user' ? change.actor.userId : null, idempotencyKey, receiptNumber: null, ledgerEntryId: null, createdAt: change.now, completedAt: null,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertPayment(trx, payment);
      await writeAudit(trx, change, { orgId, action: 'payment.create', targetType: 'payment', targetId: id, before: null, after: snapshotPayment(payment) });
    });
  } catch (error) {
    // A concurrent retry with the same key won the insert; its payment is the answer (our checkout is never used).
    const winner = idempotencyKey !== null && isUniqueViolation(error) ? await findPaymentByIdempotencyKey(ctx.db, orgId, idempotencyKey) : null;
    if (winner === null) throw error;
    return presentPayment(sameRequest(winner, amountNano), access.permissions);
  }
  return presentPayment(payment, access.permissions);
}

/** A payment found by Idempotency-Key answers a retry only when the retry asks for the same amount. */
function sameRequest(payment: PaymentRow, amountNano: bigint): PaymentRow {
  if (payment.amountNano !== amountNano) {
    throw new GatewayError('CONSOLE_CONFLICT', `This Idempotency-Key was used for another top-up (${payment.id}) of a different amount.`, { param: 'Idempotency-Key' });
  }
  return payment;
}

/** An organization's payments and receipts, newest first. */
export async function listPaymentViews(
  ctx: ConsoleContext, actor: Actor, orgId: string, query: { readonly limit: number; readonly cursor?: string | undefined; readonly status?: PaymentStatus | undefined },
) {
  const access = await authorizeOrg(ctx.db, actor, orgId, 'org.billing.read');
  const rows = await listOrgPayments(ctx.db, orgId, { ...toPageRequest(query), status: query.status });
  return toPage(rows, query, (row) => presentPayment(row, access.permissions));
}

/** One payment with its receipt fields. */
export async function getPaymentView(ctx: ConsoleContext, actor: Actor, orgId: string, paymentId: string) {
  const access = await authorizeOrg(ctx.db, actor, orgId, 'org.billing.read');
  return presentPayment(await requireOrgPayment(ctx.db, orgId, paymentId), access.permissions);
}

/** Cancel a pending top-up (and withdraw its Stripe checkout); 409 once it is no longer pending. */
export async function cancelTopUp(ctx: ConsoleContext, change: ChangeContext, orgId: string, paymentId: string) {
  const access = await authorizeOrg(ctx.db, change.actor!, orgId, 'org.billing.manage');
  const payment = await requireOrgPayment(ctx.db, orgId, paymentId);
  requirePending(payment);
  if (payment.provider === 'stripe') {
    if (ctx.payments.provider.id !== 'stripe') throw new GatewayError('CONSOLE_CONFLICT', 'This Stripe payment cannot be canceled: Stripe is no longer configured.');
    await ctx.payments.provider.cancelCheckout(payment.providerRef);
  }
  const canceled = await ctx.db.transaction().execute(async (trx) => {
    if (!(await settlePaymentStatus(trx, paymentId, 'canceled', change.now))) return false;
    await writeAudit(trx, change, { orgId, action: 'payment.cancel', targetType: 'payment', targetId: paymentId, before: snapshotPayment(payment), after: snapshotPayment({ ...payment, status: 'canceled' }) });
    return true;
  });
  const now = (await getPayment(ctx.db, paymentId))!;
  if (!canceled) requirePending(now);
  return presentPayment(now, access.permissions);
}

/** `POST /payments/:paymentId/confirm`: the operator confirms a manual payment. */
export async function confirmPaymentView(ctx: ConsoleContext, change: ChangeContext, paymentId: string) {
  authorizeOperator(change.actor);
  const payment = await confirmManualPayment(ctx.db, change, paymentId);
  const access = await authorizeOrg(ctx.db, change.actor, payment.orgId, null);
  return presentPayment(payment, access.permissions);
}

/**
 * Complete a pending `manual` payment (the money has arrived): credits the ledger once. 404 for an
 * unknown id; 409 when it is a Stripe payment (only Stripe's signed webhook completes those) or no
 * longer pending (a second confirmation credits nothing). The caller has checked it is the operator.
 */
export async function confirmManualPayment(db: Kysely<Database>, change: ChangeContext, paymentId: string): Promise<PaymentRow> {
  const payment = await getPayment(db, paymentId);
  if (payment === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No payment '${paymentId}'.`);
  if (payment.provider !== 'manual') {
    throw new GatewayError('CONSOLE_CONFLICT', `Payment '${paymentId}' is a ${payment.provider} payment; only the provider's signed webhook completes it.`);
  }
  requirePending(payment);
  const result = await completePayment(db, change, paymentId);
  if (!result.credited) requirePending(result.payment!);
  return result.payment!;
}

/** One payment of the organization; 404 when it belongs to another. */
async function requireOrgPayment(db: Kysely<Database>, orgId: string, paymentId: string): Promise<PaymentRow> {
  const payment = await getPayment(db, paymentId);
  if (payment === null || payment.orgId !== orgId) throw new GatewayError('CONSOLE_NOT_FOUND', `No payment '${paymentId}' in this organization.`);
  return payment;
}

function requirePending(payment: PaymentRow): void {
  if (payment.status !== 'pending') {
    const receipt = payment.receiptNumber === null ? '' : ` (receipt ${payment.receiptNumber})`;
    throw new GatewayError('CONSOLE_CONFLICT', `Payment '${payment.id}' is already ${payment.status}${receipt}.`);
  }
}
