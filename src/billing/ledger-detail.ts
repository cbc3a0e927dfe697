import { sql, type Kysely, type SqlBool } from 'kysely';
import { moneyText, parseMoney } from '../store/money-column.js';
import type { Database } from '../store/schema.js';
import type { LedgerEntryKind } from './ledger-repository.js';
import type { LedgerRange } from './ledger-summary.js';

/** One ledger entry of the detailed export, with the project and model of a usage debit. */
export interface LedgerDetailRow {
  /** `led_...` id. */
  readonly id: string;
  /** Entry time, ms. */
  readonly time: number;
  /** Entry kind. */
  readonly kind: LedgerEntryKind;
  /** Signed nano-USD. */
  readonly amountNano: bigint;
  /** Project of a usage debit's request, else null. */
  readonly projectId: string | null;
  /** Model of a usage debit's request, else null. */
  readonly model: string | null;
  /** Reference (the request id of a usage debit). */
  readonly reference: string | null;
  /** Note. */
  readonly note: string | null;
}

/**
 * Every ledger entry of `range`, newest first, read in keyset pages of `pageSize` rows (by time and
 * id), so a month of millions of usage debits streams without being held in memory.
 */
export async function* readLedgerDetail(db: Kysely<Database>, orgId: string, range: LedgerRange, pageSize = 5000): AsyncGenerator<LedgerDetailRow> {
  let after: LedgerDetailRow | null = null;
  for (;;) {
    const rows: LedgerDetailRow[] = await readDetailPage(db, orgId, range, after, pageSize);
    yield* rows;
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}

async function readDetailPage(db: Kysely<Database>, orgId: string, range: LedgerRange, after: LedgerDetailRow | null, limit: number): Promise<LedgerDetailRow[]> {
  const rows = await db
    .selectFrom('ledger_entries as l')
    .leftJoin('usage_events as e', (join) => join.onRef('e.id', '=', 'l.reference').on('l.kind', '=', 'usage'))
    .select(['l.id', 'l.kind', 'l.reference', 'l.note', 'l.created_at', 'e.project_id', 'e.model', moneyText('l.amount_nano').as('amount')])
    .where('l.org_id', '=', orgId)
    .where('l.created_at', '>=', range.from)
    .where('l.created_at', '<', range.to)
    .$if(after !== null, (q) => q.where(sql<SqlBool>`(l.created_at, l.id) < (${after!.time}, ${after!.id})`))
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id, time: Number(row.created_at), kind: row.kind as LedgerEntryKind, amountNano: parseMoney(row.amount),
    projectId: row.project_id, model: row.model, reference: row.reference, note: row.note,
  }));
}
