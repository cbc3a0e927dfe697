import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.js';
import { appendLedgerEntries } from './append-ledger-entries.js';
import type { BalanceCrossing } from './balance-alerts.js';
import { findOrgsWithDueBuckets } from './credit-buckets.js';

/** What one expiry sweep did. */
export interface ExpiryResult {
  /** `expiry` ledger entries written (one per bucket). */
  readonly entries: number;
  /** Total expired, nano-USD (positive). */
  readonly totalNano: bigint;
  /** Balance alert thresholds crossed (notified; email them after commit). */
  readonly crossings: readonly BalanceCrossing[];
}

/**
 * Expire every credit bucket due by `now` that still holds money: one `expiry` ledger entry per
 * bucket (referenced by the bucket id, unique) and its remaining set to 0, through the ledger seam,
 * in one transaction per batch of up to `orgLimit` organizations. Idempotent: a swept bucket has
 * nothing left, and the seam holds the organization's checkpoint lock while it sweeps, so two
 * sweeps (two processes) never expire the same money twice. The usage settler runs it every pass.
 */
export async function expireCreditBuckets(db: Kysely<Database>, now: number, orgLimit = 100): Promise<ExpiryResult> {
  let entries = 0;
  let totalNano = 0n;
  const crossings: BalanceCrossing[] = [];
  for (;;) {
    const orgIds = await findOrgsWithDueBuckets(db, now, orgLimit);
    if (orgIds.length === 0) break;
    const result = await db.transaction().execute((trx) => appendLedgerEntries(trx, [], now, orgIds));
    entries += result.expired.length;
    totalNano += result.expired.reduce((sum, e) => sum - e.amountNano, 0n);
    crossings.push(...result.crossings);
    if (orgIds.length < orgLimit) break;
  }
  return { entries, totalNano, crossings };
}
