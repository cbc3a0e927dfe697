import { z } from 'zod';
import { GatewayError } from '../../core/errors.js';
import { parseUsd } from '../../core/money.js';
import { PAYMENT_STATUSES } from '../../payments/payment-repository.js';
import { pageQueryShape } from '../internal/pagination.js';
import { abilitiesSchema, idParam } from '../internal/wire.js';

/** Smallest top-up, USD. */
export const MIN_TOP_UP_USD = '1.00';
/** Largest top-up, USD. */
export const MAX_TOP_UP_USD = '10000.00';

const MIN_NANO = parseUsd(MIN_TOP_UP_USD)!;
const MAX_NANO = parseUsd(MAX_TOP_UP_USD)!;

/** A top-up amount: a USD decimal in whole cents between the limits, as nano-USD. */
const topUpAmount = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'Expected a USD amount in whole cents such as "25.00".')
  .transform((text) => parseUsd(text)!)
  .refine((nano) => nano >= MIN_NANO && nano <= MAX_NANO, `A top-up is between ${MIN_TOP_UP_USD} and ${MAX_TOP_UP_USD} USD.`);

/** The optional `Idempotency-Key` header of a top-up: 1-200 visible ASCII characters; 400 otherwise. */
export function readIdempotencyKey(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(header)) {
    throw new GatewayError('GW_INVALID_VALUE', 'Idempotency-Key must be 1-200 visible ASCII characters (a UUID is typical).', { param: 'Idempotency-Key' });
  }
  return header;
}

/** Path of routes on one payment of an organization. */
export const orgPaymentParams = z.strictObject({
  /** Organization id. */
  orgId: idParam('org'),
  /** Payment id. */
  paymentId: idParam('pay'),
});

/** Path of the operator's routes on one payment. */
export const paymentParams = z.strictObject({
  /** Payment id. */
  paymentId: idParam('pay'),
});

/** Body of `POST /orgs/:orgId/billing/top-ups`. */
export const createTopUpBody = z.strictObject({
  /** Amount in USD, whole cents ("25.00"), 1.00-10000.00. */
  amount_usd: topUpAmount.optional(),
  /** The same field in camelCase, as some clients send it. */
  amountUsd: topUpAmount.optional(),
});

/** Query of `GET /orgs/:orgId/billing/payments`. */
export const listPaymentsQuery = z.strictObject({
  ...pageQueryShape,
  /** Only payments in this status. */
  status: z.enum(PAYMENT_STATUSES).optional().describe('Only payments in this status.'),
});

/** A payment as sent. */
export const paymentDto = z.object({
  id: z.string().describe('pay_... id; the reference the payer quotes, and the ledger credit\'s reference.'),
  org_id: z.string(),
  provider: z.enum(['manual', 'stripe']),
  status: z.enum(PAYMENT_STATUSES),
  amount_usd: z.string().describe('USD, whole cents ("25.00").'),
  checkout_url: z.string().nullable().describe('Where the payer pays; null once the payment is no longer pending.'),
  receipt_number: z.string().nullable().describe('R-YYYYMM-NNNNNN once completed.'),
  ledger_entry_id: z.string().nullable().describe('The ledger credit, once completed.'),
  created_by: z.string().nullable().describe('Person who started it; null for the operator.'),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  abilities: abilitiesSchema(['read', 'cancel']),
});

/** A payment as sent. */
export type PaymentView = z.infer<typeof paymentDto>;
