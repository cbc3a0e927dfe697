import { z } from 'zod';
import { usdAmount } from '../internal/wire.js';

const threshold = usdAmount.nullable().optional();

/**
 * Body of `PATCH /orgs/:orgId/billing/alerts`. Omitted fields are kept; null turns a threshold off.
 * The names of the issue (camelCase) and the console's snake_case are both accepted, one per field.
 */
export const alertsBody = z.strictObject({
  /** Low balance threshold in USD, or null for none. */
  lowThresholdUsd: threshold,
  /** Critical balance threshold in USD (below the low one), or null for none. */
  criticalThresholdUsd: threshold,
  /** Same as `lowThresholdUsd`. */
  low_threshold_usd: threshold,
  /** Same as `criticalThresholdUsd`. */
  critical_threshold_usd: threshold,
});

/** Alert thresholds and whether the balance is below each right now. */
export const alertsDto = z.object({
  low_threshold_usd: z.string().nullable().describe('Low threshold, USD, or null when off.'),
  critical_threshold_usd: z.string().nullable().describe('Critical threshold, USD, or null when off.'),
  low_triggered: z.boolean().describe('The balance fell below the low threshold and has not recovered yet (notified once).'),
  critical_triggered: z.boolean().describe('The same for the critical threshold.'),
});

/** An open credit bucket. */
export const creditBucketDto = z.object({
  id: z.string(),
  source: z.enum(['paid', 'grant', 'refund', 'adjustment']),
  amount_usd: z.string().describe('Amount put in, USD.'),
  remaining_usd: z.string().describe('Amount not yet used or expired, USD.'),
  expires_at: z.string().nullable().describe('When what is left expires, or null for never.'),
  created_at: z.string(),
});

/** An organization's balance. */
export const balanceDto = z.object({
  org_id: z.string(),
  balance_usd: z.string().describe('Ledger balance: the sum of every ledger entry (negative after an overdraft).'),
  held_usd: z.string().describe('Held for requests in flight (admission holds not yet released).'),
  unsettled_usd: z.string().describe('Usage written to the request log but not yet settled into the ledger.'),
  pending_usd: z.string().describe('Held for requests in flight plus usage written but not yet settled into the ledger: held_usd + unsettled_usd.'),
  available_usd: z.string().describe('balance_usd - pending_usd: what new requests can still spend.'),
  credit_buckets: z.array(creditBucketDto).describe('Buckets with money left, in the order usage consumes them.'),
  alerts: alertsDto,
});
