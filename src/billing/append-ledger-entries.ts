import type { Kysely } from 'kysely';
import { createId } from '../core/ids.js';
import type { Database } from '../store/schema.js';
import { evaluateBalanceAlerts, getBalanceAlertsOf, type BalanceCrossing } from './balance-alerts.js';
import { applyMovement, loadOpenBuckets, saveBuckets, type WorkingBucket } from './credit-buckets.js';
import type { LedgerEntry } from './ledger-repository.js';
import { addToBalanceCheckpoint } from './org-balance.js';

/** An entry ready to append: validated, with its id. */
export interface PreparedLedgerEntry extends LedgerEntry {
  /** Expiry of the money a positive entry adds (its credit bucket), or null. */
  readonly expiresAt: number | null;
}

/** What one append did. */
export interface LedgerAppendResult {
  /** Each touched organization's balance after the append, nano-USD. */
  readonly balances: ReadonlyMap<string, bigint>;
  /** Expiry entries the append wrote for buckets that had run out. */
  readonly expired: readonly PreparedLedgerEntry[];
  /** Alert thresholds the balance fell below (already notified; email them after commit). */
  readonly crossings: readonly BalanceCrossing[];
}

/**
 * The one ledger seam. Inside the caller's transaction it appends the entries, then per
 * organization (in id order, so two writers lock checkpoints in the same order): moves the balance
 * checkpoint (which locks it), applies the credit-bucket rules to each entry in order, expires
 * buckets due by `now` (or by the latest entry, if later) with one `expiry` entry each, and
 * evaluates balance alerts. Every ledger write goes through here; organizations with no entries
 * given (`touch`) only get the expiry sweep.
 */
export async function appendLedgerEntries(
  trx: Kysely<Database>, entries: readonly PreparedLedgerEntry[], now: number, touch: readonly string[] = [],
): Promise<LedgerAppendResult> {
  await insertRows(trx, entries);
  const byOrg = new Map<string, PreparedLedgerEntry[]>();
  for (const id of touch) byOrg.set(id, []);
  for (const e of entries) {
    const own = byOrg.get(e.orgId);
    if (own === undefined) byOrg.set(e.orgId, [e]);
    else own.push(e);
  }
  const orgIds = [...byOrg.keys()].sort();
  // Each organization's balance before these entries: the checkpoint after the move, minus the move.
  const before = new Map<string, bigint>();
  for (const orgId of orgIds) {
    const delta = byOrg.get(orgId)!.reduce((sum, e) => sum + e.amountNano, 0n);
    before.set(orgId, (await addToBalanceCheckpoint(trx, orgId, delta, now)) - delta);
  }
  // Read under the checkpoint locks just taken, so no other writer changes them meanwhile.
  const buckets = await loadOpenBuckets(trx, orgIds);
  const alerts = await getBalanceAlertsOf(trx, orgIds);
  const balances = new Map<string, bigint>();
  const expired: PreparedLedgerEntry[] = [];
  const crossings: BalanceCrossing[] = [];
  for (const orgId of orgIds) {
    const own = byOrg.get(orgId)!;
    const orgBuckets = buckets.filter((b) => b.orgId === orgId);
    let balance = before.get(orgId)!;
    for (const e of own) balance = applyMovement(orgBuckets, orgId, balance, { entryId: e.id, kind: e.kind, amountNano: e.amountNano, createdAt: e.createdAt, expiresAt: e.expiresAt });
    const sweepAt = own.reduce((t, e) => Math.max(t, e.createdAt), now);
    const expiries = expireDue(orgBuckets, orgId, sweepAt);
    if (expiries.length > 0) {
      await insertRows(trx, expiries);
      balance = await addToBalanceCheckpoint(trx, orgId, expiries.reduce((sum, e) => sum + e.amountNano, 0n), now);
      expired.push(...expiries);
    }
    await saveBuckets(trx, orgBuckets);
    balances.set(orgId, balance);
    const settings = alerts.get(orgId);
    if (settings !== undefined) {
      const cause = own.at(-1)?.id ?? expiries.at(-1)?.id ?? `sweep:${now}`;
      crossings.push(...(await evaluateBalanceAlerts(trx, orgId, settings, balance, cause, now)));
    }
  }
  return { balances, expired, crossings };
}

/** Empty every bucket due by `at`: one `expiry` entry each, dated when the bucket expired, referenced by its id. */
function expireDue(buckets: WorkingBucket[], orgId: string, at: number): PreparedLedgerEntry[] {
  const out: PreparedLedgerEntry[] = [];
  for (const b of buckets) {
    if (b.expiresAt === null || b.expiresAt > at || b.remainingNano <= 0n) continue;
    out.push({
      id: createId('led', b.expiresAt),
      orgId,
      kind: 'expiry',
      amountNano: -b.remainingNano,
      reference: b.id,
      note: null,
      createdAt: b.expiresAt,
      expiresAt: null,
    });
    b.remainingNano = 0n;
    b.dirty = true;
  }
  return out;
}

async function insertRows(trx: Kysely<Database>, entries: readonly PreparedLedgerEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) {
    await trx
      .insertInto('ledger_entries')
      .values(entries.slice(i, i + 500).map((e) => ({ id: e.id, org_id: e.orgId, kind: e.kind, amount_nano: e.amountNano, reference: e.reference, note: e.note, created_at: e.createdAt })))
      .execute();
  }
}
