import { sql, type Kysely, type SqlBool } from 'kysely';
import { moneyText, parseMoney, sumMoneyText } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import { LEDGER_KIND_SIGN, type LedgerEntryKind } from './ledger-repository.js';

/**
 * The ledger with usage merged per hour, project and model: non-usage entries are read from
 * `ledger_entries` (few rows, through the partial index `ledger_entries_non_usage_idx`), usage from
 * `usage_key_rollups` (whose hourly cost equals the hour's usage debits: settlement writes both in one
 * transaction, a debit dated at its request time). Never reads the usage debits themselves. That
 * table holds `usage_rollups`' sums folded over the end user, which no report here groups by, so it
 * gives the same figures from fewer rows.
 */

/** A half-open, hour-aligned time range, ms. */
export interface LedgerRange {
  /** Start (inclusive). */
  readonly from: number;
  /** End (exclusive). */
  readonly to: number;
}

/**
 * A row's place in the summary order, newest first: by time, then usage rows of an hour before the
 * entries written at that exact millisecond, then (project, model) or the entry id, descending, in
 * the store's own order. Pages continue after a position (keyset).
 */
export type SummaryPosition =
  | { readonly source: 'usage'; readonly time: number; readonly projectId: string; readonly model: string }
  | { readonly source: 'entry'; readonly time: number; readonly id: string };

/** One summary row. */
export interface LedgerSummaryRow {
  /** Entry time, or the start of the usage hour, ms. */
  readonly time: number;
  /** Entry kind (`usage` for a merged usage row). */
  readonly kind: LedgerEntryKind;
  /** Signed nano-USD (usage is negative). */
  readonly amountNano: bigint;
  /** Project of a usage row, else null. */
  readonly projectId: string | null;
  /** Model of a usage row, else null. */
  readonly model: string | null;
  /** Requests merged in a usage row, else null. */
  readonly requests: bigint | null;
  /** The entry's reference (payment, grant marker), null for usage rows. */
  readonly reference: string | null;
  /** The entry's note, null for usage rows. */
  readonly note: string | null;
  /** Where the row sits, for the next page's cursor. */
  readonly position: SummaryPosition;
}

// A literal, not a parameter: SQLite uses a partial index only when the query repeats its predicate.
const NOT_USAGE = sql<SqlBool>`l.kind <> 'usage'`;

/**
 * Up to `limit` summary rows of `range` after `after` (null: from the newest). Reads `limit` rows of
 * each source and merges them; usage rows of zero cost are left out.
 */
export async function readLedgerSummaryPage(db: Kysely<Database>, orgId: string, range: LedgerRange, after: SummaryPosition | null, limit: number): Promise<LedgerSummaryRow[]> {
  const [usage, entries] = await Promise.all([readUsageRows(db, orgId, range, after, limit), readEntryRows(db, orgId, range, after, limit)]);
  const merged: LedgerSummaryRow[] = [];
  let u = 0;
  let e = 0;
  while (merged.length < limit && (u < usage.length || e < entries.length)) {
    const nextUsage = usage[u];
    const nextEntry = entries[e];
    // At equal times usage rows come first; within a source the store's order is kept.
    if (nextUsage !== undefined && (nextEntry === undefined || nextUsage.time >= nextEntry.time)) {
      merged.push(nextUsage);
      u += 1;
    } else {
      merged.push(nextEntry!);
      e += 1;
    }
  }
  return merged;
}

async function readUsageRows(db: Kysely<Database>, orgId: string, range: LedgerRange, after: SummaryPosition | null, limit: number): Promise<LedgerSummaryRow[]> {
  // Hours are read newest first in growing windows, so a page aggregates only the few hours it shows
  // instead of the whole range (a busy month holds millions of rollup rows).
  let below = after === null ? range.to : after.source === 'entry' ? after.time : after.time + 1;
  // Usage rows of the cursor's hour precede its entries: after an entry only older hours remain (`below`).
  const tie = after?.source === 'usage' ? sql<SqlBool>`(r.hour < ${after.time} OR (r.project_id, r.model) < (${after.projectId}, ${after.model}))` : null;
  const out: LedgerSummaryRow[] = [];
  for (let window = 4; out.length < limit; window *= 2) {
    const hours = await readHoursBelow(db, orgId, range.from, below, window);
    const oldest = hours[hours.length - 1];
    if (oldest === undefined) break;
    const rows = await db
      .selectFrom('usage_key_rollups as r')
      .select(['r.hour', 'r.project_id', 'r.model', sumMoneyText('r.cost_nano').as('cost'), sumMoneyText('r.requests').as('requests')])
      .where('r.org_id', '=', orgId)
      .where('r.hour', '>=', oldest)
      .where('r.hour', '<', below)
      .$if(tie !== null, (q) => q.where(tie!))
      .groupBy(['r.hour', 'r.project_id', 'r.model'])
      .having(sql<SqlBool>`SUM(r.cost_nano) <> 0`)
      .orderBy('r.hour', 'desc')
      .orderBy('r.project_id', 'desc')
      .orderBy('r.model', 'desc')
      .limit(limit - out.length)
      .execute();
    for (const row of rows) {
      const time = Number(row.hour);
      out.push({
        time, kind: 'usage', amountNano: -parseMoney(row.cost), projectId: row.project_id, model: row.model, requests: parseMoney(row.requests),
        reference: null, note: null, position: { source: 'usage', time, projectId: row.project_id, model: row.model },
      });
    }
    if (hours.length < window) break;
    below = oldest;
  }
  return out;
}

/**
 * Up to `count` distinct rollup hours in [from, below), newest first: a skip scan (one primary-key
 * probe per hour, on both engines) instead of a DISTINCT over every row of those hours.
 */
async function readHoursBelow(db: Kysely<Database>, orgId: string, from: number, below: number, count: number): Promise<number[]> {
  const { rows } = await sql<{ h: number | string | null }>`
    WITH RECURSIVE hours(h, n) AS (
      SELECT (SELECT MAX(hour) FROM usage_key_rollups WHERE org_id = ${orgId} AND hour >= ${from} AND hour < ${below}), 1
      UNION ALL
      SELECT (SELECT MAX(hour) FROM usage_key_rollups WHERE org_id = ${orgId} AND hour >= ${from} AND hour < hours.h), n + 1
      FROM hours WHERE hours.h IS NOT NULL AND n < ${count}
    )
    SELECT h FROM hours WHERE h IS NOT NULL`.execute(db);
  return rows.map((row) => Number(row.h));
}

async function readEntryRows(db: Kysely<Database>, orgId: string, range: LedgerRange, after: SummaryPosition | null, limit: number): Promise<LedgerSummaryRow[]> {
  const rows = await db
    .selectFrom('ledger_entries as l')
    .select(['l.id', 'l.kind', 'l.reference', 'l.note', 'l.created_at', moneyText('l.amount_nano').as('amount')])
    .where('l.org_id', '=', orgId)
    .where(NOT_USAGE)
    .where('l.created_at', '>=', range.from)
    .where('l.created_at', '<', range.to)
    .$if(after !== null, (q) => q.where(entryAfter(after!)))
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const time = Number(row.created_at);
    return {
      time, kind: row.kind as LedgerEntryKind, amountNano: parseMoney(row.amount), projectId: null, model: null, requests: null,
      reference: row.reference, note: row.note, position: { source: 'entry' as const, time, id: row.id },
    };
  });
}

function entryAfter(after: SummaryPosition) {
  // Entries at the cursor's time come after that hour's usage rows: none of them has been sent yet.
  if (after.source === 'usage') return sql<SqlBool>`l.created_at <= ${after.time}`;
  return sql<SqlBool>`(l.created_at, l.id) < (${after.time}, ${after.id})`;
}

/** Sum of the range per kind (usage from the rollups), nano-USD, every kind present. */
export async function readLedgerTotals(db: Kysely<Database>, orgId: string, range: LedgerRange): Promise<Record<LedgerEntryKind, bigint>> {
  const [entries, usage] = await Promise.all([
    db
      .selectFrom('ledger_entries as l')
      .select(['l.kind', sumMoneyText('l.amount_nano').as('total')])
      .where('l.org_id', '=', orgId)
      .where(NOT_USAGE)
      .where('l.created_at', '>=', range.from)
      .where('l.created_at', '<', range.to)
      .groupBy('l.kind')
      .execute(),
    db
      .selectFrom('usage_key_rollups as r')
      .select(sumMoneyText('r.cost_nano').as('total'))
      .where('r.org_id', '=', orgId)
      .where('r.hour', '>=', range.from)
      .where('r.hour', '<', range.to)
      .executeTakeFirstOrThrow(),
  ]);
  const totals = Object.fromEntries(Object.keys(LEDGER_KIND_SIGN).map((kind) => [kind, 0n])) as Record<LedgerEntryKind, bigint>;
  for (const row of entries) totals[row.kind as LedgerEntryKind] = (totals[row.kind as LedgerEntryKind] ?? 0n) + parseMoney(row.total);
  totals.usage = -parseMoney(usage.total);
  return totals;
}
