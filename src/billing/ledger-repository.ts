import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import { appendLedgerEntries } from './append-ledger-entries.js';
import { readBalanceCheckpoint } from './org-balance.js';

/** Why a ledger entry exists. */
export type LedgerEntryKind = 'credit' | 'grant' | 'usage' | 'refund' | 'adjustment' | 'expiry';

/** Required sign of each kind's amount: money in is positive, usage is negative, adjustments either way. */
export const LEDGER_KIND_SIGN: Readonly<Record<LedgerEntryKind, 1 | -1 | 0>> = Object.freeze({
  credit: 1,
  grant: 1,
  refund: 1,
  usage: -1,
  expiry: -1,
  adjustment: 0,
});

/** One immutable ledger entry. */
export interface LedgerEntry {
  /** `led_...` id. */
  readonly id: string;
  /** Organization whose balance it changes. */
  readonly orgId: string;
  /** Why it exists. */
  readonly kind: LedgerEntryKind;
  /** Signed nano-USD. */
  readonly amountNano: bigint;
  /** External reference (payment, request id, seed marker), or null. */
  readonly reference: string | null;
  /** Operator note, or null. */
  readonly note: string | null;
  /** Creation time, ms since epoch. */
  readonly createdAt: number;
}

/** Input of {@link insertLedgerEntry}. */
export interface NewLedgerEntry {
  /** Organization. */
  readonly orgId: string;
  /** Kind; its sign rule is {@link LEDGER_KIND_SIGN}. `expiry` entries are written only by the expiry sweep. */
  readonly kind: Exclude<LedgerEntryKind, 'expiry'>;
  /** Signed, non-zero nano-USD. */
  readonly amountNano: bigint;
  /** External reference, or null. */
  readonly reference?: string | null;
  /** Operator note, or null. */
  readonly note?: string | null;
  /** Creation time; defaults to now. */
  readonly now?: number;
  /** When the money of a positive entry expires (its credit bucket), or null for never (default). */
  readonly expiresAt?: number | null;
}

/**
 * Append an entry through the ledger seam ({@link appendLedgerEntries}): the balance checkpoint,
 * credit buckets and balance alerts change in the same transaction. Given a plain database it opens
 * a transaction; given a transaction it joins it. Throws a RangeError when the amount is zero or has
 * the wrong sign for its kind.
 */
export async function insertLedgerEntry(db: Kysely<Database>, input: NewLedgerEntry): Promise<LedgerEntry> {
  const kind = input.kind as LedgerEntryKind;
  if (kind === 'expiry') throw new RangeError("'expiry' entries are written only by the expiry sweep.");
  const sign = LEDGER_KIND_SIGN[kind];
  if (input.amountNano === 0n) throw new RangeError('A ledger entry must move a non-zero amount.');
  if ((sign === 1 && input.amountNano < 0n) || (sign === -1 && input.amountNano > 0n)) {
    throw new RangeError(`A '${kind}' ledger entry must be ${sign === 1 ? 'positive' : 'negative'}; got ${input.amountNano} nano-USD.`);
  }
  const now = input.now ?? Date.now();
  const entry: LedgerEntry = {
    id: createId('led', now),
    orgId: input.orgId,
    kind,
    amountNano: input.amountNano,
    reference: input.reference ?? null,
    note: input.note ?? null,
    createdAt: now,
  };
  const prepared = { ...entry, expiresAt: input.amountNano > 0n ? (input.expiresAt ?? null) : null };
  if (db.isTransaction) await appendLedgerEntries(db, [prepared], now);
  else await db.transaction().execute((trx) => appendLedgerEntries(trx, [prepared], now));
  return entry;
}

/** An organization's balance (the exact sum of its entries, kept as a checkpoint by every ledger write), in nano-USD. */
export function getOrgBalance(db: Kysely<Database>, orgId: string): Promise<bigint> {
  return readBalanceCheckpoint(db, orgId);
}

/** An organization's entries, newest first, at most `limit` (default 100). */
export async function listLedgerEntries(db: Kysely<Database>, orgId: string, options: { readonly limit?: number } = {}): Promise<LedgerEntry[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['id', 'org_id', 'kind', 'reference', 'note', 'created_at', moneyText('amount_nano').as('amount')])
    .where('org_id', '=', orgId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 100)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    orgId: r.org_id,
    kind: r.kind as LedgerEntryKind,
    amountNano: parseMoney(r.amount),
    reference: r.reference,
    note: r.note,
    createdAt: Number(r.created_at),
  }));
}

/** Whether an entry with this reference exists for the organization (idempotency of one-off credits). */
export async function hasLedgerReference(db: Kysely<Database>, orgId: string, reference: string): Promise<boolean> {
  const row = await db.selectFrom('ledger_entries').select('id').where('org_id', '=', orgId).where('reference', '=', reference).executeTakeFirst();
  return row !== undefined;
}
