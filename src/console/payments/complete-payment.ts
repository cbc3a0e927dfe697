import type { Kysely } from 'kysely';
import { insertLedgerEntry } from '../../billing/ledger-repository.js';
import { formatUsdCents } from '../../core/money.js';
import { countReceipts, getPayment, setPaymentReceipt, settlePaymentStatus, type PaymentRow } from '../../payments/payment-repository.js';
import { formatReceiptNumber, receiptPrefix } from '../../payments/receipt-number.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import type { Database } from '../../store/schema.js';
import { emitWebhookEvent } from '../../webhooks/emit-event.js';
import { writeAudit, type ChangeContext } from '../audit-log/write-audit.js';
import { snapshotPayment } from './presenter.js';

/** What {@link completePayment} did. */
export interface CompletionResult {
  /** The payment as it is now (null when no such payment exists). */
  readonly payment: PaymentRow | null;
  /** True when this call completed it and credited the ledger; false when it was not pending. */
  readonly credited: boolean;
}

/**
 * Complete a pending payment, in one transaction: the conditional status change (so two
 * confirmations, or a replayed webhook, credit once), the ledger credit referenced by the payment
 * id, the receipt number, the audit entry and the `billing.top_up_completed` webhook event. The
 * gateway sees the new balance at its next balance refresh (`TF_BALANCE_REFRESH_MS`).
 */
export async function completePayment(db: Kysely<Database>, change: ChangeContext, paymentId: string): Promise<CompletionResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      const credited = await db.transaction().execute((trx) => completeInTransaction(trx, change, paymentId));
      return { payment: await getPayment(db, paymentId), credited };
    } catch (error) {
      // Two completions in one month may draw the same receipt number on PostgreSQL; the unique
      // index refuses the second, whose transaction (status change included) is rolled back and retried.
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

async function completeInTransaction(trx: Kysely<Database>, change: ChangeContext, paymentId: string): Promise<boolean> {
  // Write first: the row lock (PostgreSQL) or write lock (SQLite) is taken before anything is read.
  if (!(await settlePaymentStatus(trx, paymentId, 'completed', change.now))) return false;
  const before = (await getPayment(trx, paymentId))!;
  const entry = await insertLedgerEntry(trx, {
    orgId: before.orgId, kind: 'credit', amountNano: before.amountNano, reference: before.id, note: `Top-up ${before.id} (${before.provider})`, now: change.now,
  });
  const receiptNumber = formatReceiptNumber(change.now, (await countReceipts(trx, receiptPrefix(change.now))) + 1);
  await setPaymentReceipt(trx, before.id, { receiptNumber, ledgerEntryId: entry.id });
  const after: PaymentRow = { ...before, receiptNumber, ledgerEntryId: entry.id };
  await writeAudit(trx, change, {
    orgId: before.orgId, action: 'payment.complete', targetType: 'payment', targetId: before.id,
    before: snapshotPayment({ ...before, status: 'pending', completedAt: null }), after: snapshotPayment(after),
  });
  await emitWebhookEvent(trx, {
    orgId: before.orgId, type: 'billing.top_up_completed', dedupeKey: `top_up:${before.id}`, now: change.now,
    data: { payment_id: before.id, amount_usd: formatUsdCents(before.amountNano), provider: before.provider, receipt_number: receiptNumber },
  });
  return true;
}
