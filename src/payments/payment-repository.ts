import type { Kysely } from 'kysely';
import { keysetAfter, type Cursor } from '../store/keyset.js';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import type { PaymentProviderId } from './payment-provider.js';

/** Where a payment stands; only `pending` ever changes. */
export type PaymentStatus = 'pending' | 'completed' | 'canceled' | 'failed';

/** Every status, for filters. */
export const PAYMENT_STATUSES = ['pending', 'completed', 'canceled', 'failed'] as const satisfies readonly PaymentStatus[];

/** A payment as stored. */
export interface PaymentRow {
  /** `pay_...` id. */
  readonly id: string;
  /** Organization credited. */
  readonly orgId: string;
  /** Provider. */
  readonly provider: PaymentProviderId;
  /** Status. */
  readonly status: PaymentStatus;
  /** Amount, nano-USD (whole cents). */
  readonly amountNano: bigint;
  /** Where the payer pays. */
  readonly checkoutUrl: string;
  /** The provider's id (Stripe Checkout Session), or null. */
  readonly providerRef: string | null;
  /** Person who started it, or null for the operator. */
  readonly createdBy: string | null;
  /** The client's `Idempotency-Key`, or null. */
  readonly idempotencyKey: string | null;
  /** Receipt number once completed, or null. */
  readonly receiptNumber: string | null;
  /** The ledger credit, once completed. */
  readonly ledgerEntryId: string | null;
  /** Creation time, ms. */
  readonly createdAt: number;
  /** Completion time, ms, or null. */
  readonly completedAt: number | null;
}

const COLUMNS = ['id', 'org_id', 'provider', 'status', 'checkout_url', 'provider_ref', 'created_by', 'idempotency_key', 'receipt_number', 'ledger_entry_id', 'created_at', 'completed_at'] as const;

/** Store a new pending payment. */
export async function insertPayment(db: Kysely<Database>, payment: PaymentRow): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      id: payment.id, org_id: payment.orgId, provider: payment.provider, status: payment.status, amount_nano: payment.amountNano, checkout_url: payment.checkoutUrl,
      provider_ref: payment.providerRef, created_by: payment.createdBy, idempotency_key: payment.idempotencyKey, receipt_number: payment.receiptNumber, ledger_entry_id: payment.ledgerEntryId,
      created_at: payment.createdAt, completed_at: payment.completedAt,
    })
    .execute();
}

/** One payment by id, or null. */
export async function getPayment(db: Kysely<Database>, id: string): Promise<PaymentRow | null> {
  const row = await selectPayments(db).where('id', '=', id).executeTakeFirst();
  return row ? toPaymentRow(row) : null;
}

/** The payment a provider knows by its own id (a Stripe Checkout Session id), or null. */
export async function findPaymentByProviderRef(db: Kysely<Database>, provider: PaymentProviderId, providerRef: string): Promise<PaymentRow | null> {
  const row = await selectPayments(db).where('provider', '=', provider).where('provider_ref', '=', providerRef).executeTakeFirst();
  return row ? toPaymentRow(row) : null;
}

/** The payment an organization started with an `Idempotency-Key`, or null. */
export async function findPaymentByIdempotencyKey(db: Kysely<Database>, orgId: string, key: string): Promise<PaymentRow | null> {
  const row = await selectPayments(db).where('org_id', '=', orgId).where('idempotency_key', '=', key).executeTakeFirst();
  return row ? toPaymentRow(row) : null;
}

/** An organization's payments, newest first, one page, optionally of one status. */
export async function listOrgPayments(
  db: Kysely<Database>, orgId: string, page: { readonly limit: number; readonly after: Cursor | null; readonly status?: PaymentStatus | undefined },
): Promise<PaymentRow[]> {
  const rows = await selectPayments(db)
    .where('org_id', '=', orgId)
    .$if(page.status !== undefined, (q) => q.where('status', '=', page.status!))
    .$if(page.after !== null, (q) => q.where(keysetAfter('created_at', 'id', page.after!, 'desc')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .execute();
  return rows.map(toPaymentRow);
}

/**
 * Move a pending payment to another status; true when this call made the change. The condition on
 * `pending` is the idempotency of completion: of two confirmations or webhook replays, one wins.
 */
export async function settlePaymentStatus(
  db: Kysely<Database>, id: string, to: Exclude<PaymentStatus, 'pending'>, now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: to, ...(to === 'completed' ? { completed_at: now } : {}) })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Attach the receipt and the ledger credit to a payment just completed. */
export async function setPaymentReceipt(db: Kysely<Database>, id: string, receipt: { readonly receiptNumber: string; readonly ledgerEntryId: string }): Promise<void> {
  await db.updateTable('payments').set({ receipt_number: receipt.receiptNumber, ledger_entry_id: receipt.ledgerEntryId }).where('id', '=', id).execute();
}

/** How many receipts carry a prefix (`R-202611-`), to number the next one. */
export async function countReceipts(db: Kysely<Database>, prefix: string): Promise<number> {
  const row = await db.selectFrom('payments').select((eb) => eb.fn.countAll<string | number>().as('n')).where('receipt_number', 'like', `${prefix}%`).executeTakeFirstOrThrow();
  return Number(row.n);
}

function selectPayments(db: Kysely<Database>) {
  return db.selectFrom('payments').select([...COLUMNS, moneyText('amount_nano').as('amount')]);
}

type SelectedPayment = Awaited<ReturnType<ReturnType<typeof selectPayments>['executeTakeFirstOrThrow']>>;

function toPaymentRow(row: SelectedPayment): PaymentRow {
  return {
    id: row.id,
    orgId: row.org_id,
    provider: row.provider as PaymentProviderId,
    status: row.status as PaymentStatus,
    amountNano: parseMoney(row.amount),
    checkoutUrl: row.checkout_url,
    providerRef: row.provider_ref,
    createdBy: row.created_by,
    idempotencyKey: row.idempotency_key,
    receiptNumber: row.receipt_number,
    ledgerEntryId: row.ledger_entry_id,
    createdAt: Number(row.created_at),
    completedAt: row.completed_at === null ? null : Number(row.completed_at),
  };
}
