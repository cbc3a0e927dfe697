import { sql, type Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import type { LedgerEntryKind } from './ledger-repository.js';

/** Where a bucket's money came from. */
export type CreditBucketSource = 'paid' | 'grant' | 'refund' | 'adjustment';

/** Bucket source of each positive entry kind. */
const SOURCE_OF: Partial<Record<LedgerEntryKind, CreditBucketSource>> = { credit: 'paid', grant: 'grant', refund: 'refund', adjustment: 'adjustment' };

/** A credit bucket as read (and, inside the ledger seam, changed in memory). */
export interface CreditBucket {
  /** `bkt_...` id. */
  readonly id: string;
  /** Organization. */
  readonly orgId: string;
  /** The positive ledger entry that opened it. */
  readonly ledgerEntryId: string;
  /** Where the money came from. */
  readonly source: CreditBucketSource;
  /** Amount put in, nano-USD. */
  readonly amountNano: bigint;
  /** Not yet consumed or expired, nano-USD. */
  remainingNano: bigint;
  /** Expiry, ms, or null for never. */
  readonly expiresAt: number | null;
  /** Creation time, ms. */
  readonly createdAt: number;
}

/** A bucket being worked on by the ledger seam: whether it is new or changed decides how it is written. */
export interface WorkingBucket extends CreditBucket {
  /** Opened in this transaction (insert) rather than read (update). */
  readonly isNew: boolean;
  /** Remaining changed in this transaction. */
  dirty: boolean;
}

/** One ledger movement as the bucket rules see it. */
export interface BucketMovement {
  readonly entryId: string;
  readonly kind: LedgerEntryKind;
  /** Signed nano-USD. */
  readonly amountNano: bigint;
  /** When it happened (usage: the request time), ms. */
  readonly createdAt: number;
  /** Expiry of the money a positive entry adds, or null. */
  readonly expiresAt: number | null;
}

/**
 * Consumption order: the soonest expiry first, buckets that never expire last, then the oldest.
 * Usage uses up the money that would otherwise be lost first.
 */
export function compareBuckets(a: CreditBucket, b: CreditBucket): number {
  if (a.expiresAt !== b.expiresAt) {
    if (a.expiresAt === null) return 1;
    if (b.expiresAt === null) return -1;
    return a.expiresAt - b.expiresAt;
  }
  if (a.createdAt !== b.createdAt) return a.createdAt - b.createdAt;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const positivePart = (n: bigint): bigint => (n > 0n ? n : 0n);

/**
 * Apply one movement to an organization's buckets (in memory) and return the balance after it.
 * The rule keeps `sum(remaining) == max(0, balance)`: a positive entry first covers a deficit and
 * opens a bucket with what is left (possibly 0); a negative one consumes `max(0, before) -
 * max(0, after)` from the buckets not yet expired when it happened, in {@link compareBuckets} order.
 * What it cannot take from those sits in buckets already expired, which the same transaction's
 * sweep then empties, so the rule holds again at commit.
 */
export function applyMovement(buckets: WorkingBucket[], orgId: string, balanceBefore: bigint, movement: BucketMovement): bigint {
  const after = balanceBefore + movement.amountNano;
  const change = positivePart(after) - positivePart(balanceBefore);
  if (movement.amountNano > 0n) {
    buckets.push({
      id: createId('bkt', movement.createdAt),
      orgId,
      ledgerEntryId: movement.entryId,
      source: SOURCE_OF[movement.kind] ?? 'adjustment',
      amountNano: movement.amountNano,
      remainingNano: change,
      expiresAt: movement.expiresAt,
      createdAt: movement.createdAt,
      isNew: true,
      dirty: true,
    });
    return after;
  }
  let toConsume = -change;
  const eligible = buckets.filter((b) => b.remainingNano > 0n && (b.expiresAt === null || b.expiresAt > movement.createdAt)).sort(compareBuckets);
  for (const bucket of eligible) {
    if (toConsume === 0n) break;
    const take = bucket.remainingNano < toConsume ? bucket.remainingNano : toConsume;
    bucket.remainingNano -= take;
    bucket.dirty = true;
    toConsume -= take;
  }
  return after;
}

// A money column compared in SQL (its selected type is deliberately unusable in TypeScript).
const HAS_MONEY_LEFT = sql<boolean>`remaining_nano > 0`;

const BUCKET_COLUMNS = ['id', 'org_id', 'ledger_entry_id', 'source', 'expires_at', 'created_at'] as const;

function toBucket(r: { id: string; org_id: string; ledger_entry_id: string; source: string; expires_at: number | null; created_at: number; amount: string; remaining: string }): CreditBucket {
  return {
    id: r.id,
    orgId: r.org_id,
    ledgerEntryId: r.ledger_entry_id,
    source: r.source as CreditBucketSource,
    amountNano: parseMoney(r.amount),
    remainingNano: parseMoney(r.remaining),
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
    createdAt: Number(r.created_at),
  };
}

/** Buckets of these organizations with money left, for the seam (call after the checkpoint rows are locked). */
export async function loadOpenBuckets(trx: Kysely<Database>, orgIds: readonly string[]): Promise<WorkingBucket[]> {
  if (orgIds.length === 0) return [];
  const rows = await trx
    .selectFrom('credit_buckets')
    .select([...BUCKET_COLUMNS, moneyText('amount_nano').as('amount'), moneyText('remaining_nano').as('remaining')])
    .where('org_id', 'in', orgIds)
    .where(HAS_MONEY_LEFT)
    .execute();
  return rows.map((r) => ({ ...toBucket(r), isNew: false, dirty: false }));
}

/** Write what the seam changed: new buckets inserted, changed ones updated. */
export async function saveBuckets(trx: Kysely<Database>, buckets: readonly WorkingBucket[]): Promise<void> {
  const fresh = buckets.filter((b) => b.isNew);
  for (let i = 0; i < fresh.length; i += 500) {
    await trx
      .insertInto('credit_buckets')
      .values(fresh.slice(i, i + 500).map((b) => ({
        id: b.id, org_id: b.orgId, ledger_entry_id: b.ledgerEntryId, source: b.source, amount_nano: b.amountNano, remaining_nano: b.remainingNano, expires_at: b.expiresAt, created_at: b.createdAt,
      })))
      .execute();
  }
  for (const b of buckets) {
    if (!b.isNew && b.dirty) await trx.updateTable('credit_buckets').set({ remaining_nano: b.remainingNano }).where('id', '=', b.id).execute();
  }
}

/** An organization's buckets with money left, in consumption order (what usage takes next comes first). */
export async function listOpenCreditBuckets(db: Kysely<Database>, orgId: string): Promise<CreditBucket[]> {
  const rows = await db
    .selectFrom('credit_buckets')
    .select([...BUCKET_COLUMNS, moneyText('amount_nano').as('amount'), moneyText('remaining_nano').as('remaining')])
    .where('org_id', '=', orgId)
    .where(HAS_MONEY_LEFT)
    .execute();
  return rows.map(toBucket).sort(compareBuckets);
}

/** Organizations with buckets due to expire at `now` that still hold money, at most `limit`. */
export async function findOrgsWithDueBuckets(db: Kysely<Database>, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('credit_buckets')
    .select('org_id')
    .distinct()
    .where('expires_at', '<=', now)
    .where(HAS_MONEY_LEFT)
    .limit(limit)
    .execute();
  return rows.map((r) => r.org_id);
}
