import type { ColumnType } from 'kysely';
import type { Flag, Millis, MoneyColumn } from './schema.js';

/**
 * Balance checkpoint: the exact sum of an organization's ledger, kept in the same transaction as every
 * ledger write (billing/ledger-repository.ts), so reading a balance never sums the whole ledger.
 */
export interface OrgBalancesTable {
  /** Organization. */
  org_id: string;
  /** Sum of every ledger entry of the organization, nano-USD. */
  balance_nano: MoneyColumn;
  /** Last change. */
  updated_at: Millis;
}

/**
 * A credit bucket: money put on the ledger by one positive entry (paid credit, operator grant,
 * refund, positive adjustment), with an optional expiry. Usage consumes the soonest-expiring bucket
 * first (no expiry last); what is left when a bucket expires leaves the ledger as an `expiry` entry.
 */
export interface CreditBucketsTable {
  /** `bkt_...` id. */
  id: string;
  /** Organization. */
  org_id: string;
  /** The positive ledger entry that opened it. */
  ledger_entry_id: string;
  /** `paid`, `grant`, `refund` or `adjustment`. */
  source: string;
  /** Amount put in, nano-USD. */
  amount_nano: MoneyColumn;
  /** Amount not yet consumed or expired, nano-USD (0 ≤ remaining ≤ amount). */
  remaining_nano: MoneyColumn;
  /** Expiry, or null for never. */
  expires_at: Millis | null;
  /** Creation time. */
  created_at: Millis;
}

/** Low-balance alert settings and the crossing state of each threshold, one row per organization. */
export interface BillingAlertsTable {
  /** Organization. */
  org_id: string;
  /** Low threshold, nano-USD, or null when off. */
  low_threshold_nano: ColumnType<string | number | bigint | null, bigint | null, bigint | null>;
  /** Critical threshold, nano-USD, or null when off. */
  critical_threshold_nano: ColumnType<string | number | bigint | null, bigint | null, bigint | null>;
  /** 1 while the balance is below the low threshold (notified once per crossing). */
  low_triggered: Flag;
  /** 1 while the balance is below the critical threshold. */
  critical_triggered: Flag;
  /** Last change. */
  updated_at: Millis;
}

/** A top-up: a payment through a provider that, once completed, credits the ledger exactly once. */
export interface PaymentsTable {
  /** `pay_...` id; the ledger credit's reference. */
  id: string;
  /** Organization credited. */
  org_id: string;
  /** `manual` or `stripe`. */
  provider: string;
  /** `pending`, `completed`, `canceled` or `failed`. */
  status: string;
  /** Amount, nano-USD (whole cents). */
  amount_nano: MoneyColumn;
  /** Where the payer completes the payment. */
  checkout_url: string;
  /** The provider's id (Stripe Checkout Session id), or null. */
  provider_ref: string | null;
  /** Person who started it, or null (operator). */
  created_by: string | null;
  /** The client's `Idempotency-Key` (unique per organization), or null. */
  idempotency_key: string | null;
  /** Receipt number once completed (`R-YYYYMM-…`), or null. */
  receipt_number: string | null;
  /** The ledger credit written on completion, or null. */
  ledger_entry_id: string | null;
  /** Creation time. */
  created_at: Millis;
  /** Completion time, or null. */
  completed_at: Millis | null;
}

/** An organization's webhook endpoint. */
export interface WebhookEndpointsTable {
  /** `whe_...` id. */
  id: string;
  /** Organization. */
  org_id: string;
  /** HTTPS (or, for local receivers, HTTP) URL. */
  url: string;
  /** Free text. */
  description: string;
  /** JSON array of event types, or `["*"]` for all. */
  event_types: string;
  /** 1 when deliveries are made. */
  enabled: Flag;
  /**
   * Signing secret (`whsec_` + base64). Stored as is, not hashed: HMAC signing needs the secret
   * itself. Shown once on create and rotate.
   */
  secret: string;
  /** Secret before the last rotation, still used to sign until `previous_secret_expires_at`, or null. */
  previous_secret: string | null;
  /** When the previous secret stops being used, or null. */
  previous_secret_expires_at: Millis | null;
  /** Creation time. */
  created_at: Millis;
  /** Last change. */
  updated_at: Millis;
}

/** An event that happened to an organization; one delivery per subscribed endpoint. */
export interface WebhookEventsTable {
  /** `evt_...` id; the `webhook-id` header of its deliveries. */
  id: string;
  /** Organization. */
  org_id: string;
  /** Event type, e.g. `billing.balance_low`. */
  type: string;
  /** JSON payload `{type, timestamp, data}` exactly as delivered. */
  payload: string;
  /** Unique key that stops the same fact being announced twice, or null. */
  dedupe_key: string | null;
  /** Creation time. */
  created_at: Millis;
}

/** The durable delivery queue: one row per event and endpoint. */
export interface WebhookDeliveriesTable {
  /** `whd_...` id. */
  id: string;
  /** The event. */
  event_id: string;
  /** The endpoint. */
  endpoint_id: string;
  /** Organization (for listing). */
  org_id: string;
  /** `pending`, `succeeded` or `failed` (gave up). */
  status: string;
  /** Attempts made. */
  attempts: number;
  /** When the next attempt is due (pending only). */
  next_attempt_at: Millis;
  /** A worker's claim on the row until this time, or null. */
  locked_until: Millis | null;
  /** HTTP status of the last attempt, or null. */
  last_status: number | null;
  /** Error of the last attempt, or null. */
  last_error: string | null;
  /** Creation time. */
  created_at: Millis;
  /** Time of the last attempt, or null. */
  last_attempt_at: Millis | null;
}

/** One attempt of a webhook delivery (a POST made, or refused before it left). */
export interface WebhookDeliveryAttemptsTable {
  /** The delivery. */
  delivery_id: string;
  /** 1 for the first attempt, then 2, 3 ... */
  attempt: number;
  /** When the POST was sent. */
  attempted_at: Millis;
  /** HTTP status the receiver answered, or null (no answer). */
  response_status: number | null;
  /** From sending to the end of the answer (or the failure), ms. */
  latency_ms: number;
  /** Why the attempt failed, or null. */
  error: string | null;
  /** The start of the receiver's answer body (at most 1 KiB), or null when there was none. */
  response_body: string | null;
}
