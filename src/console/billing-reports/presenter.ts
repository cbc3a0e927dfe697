import type { z } from 'zod';
import type { LedgerDetailRow } from '../../billing/ledger-detail.js';
import type { LedgerEntryKind } from '../../billing/ledger-repository.js';
import type { LedgerRange, LedgerSummaryRow } from '../../billing/ledger-summary.js';
import type { Statement, StatementEntry } from '../../billing/statement.js';
import { formatUsd } from '../../core/money.js';
import type { OrganizationRow } from '../../tenancy/organization-repository.js';
import { isoTime } from '../internal/wire.js';
import type { CsvValue } from '../usage/csv.js';
import type { ledgerSummaryDto, ledgerSummaryRowDto, StatementDto } from './schema.js';
import { encodeSummaryCursor } from './summary-cursor.js';

/** One summary row on the wire. */
export function presentSummaryRow(row: LedgerSummaryRow): z.infer<typeof ledgerSummaryRowDto> {
  return {
    time: isoTime(row.time), kind: row.kind, amount_usd: formatUsd(row.amountNano), project_id: row.projectId, model: row.model,
    requests: row.requests === null ? null : Number(row.requests), reference: row.reference, note: row.note,
  };
}

/** A page of the ledger summary (rows fetched with one extra to detect the next page) and the range's totals. */
export function presentLedgerSummary(range: LedgerRange, rows: readonly LedgerSummaryRow[], limit: number, totals: Record<LedgerEntryKind, bigint>): z.infer<typeof ledgerSummaryDto> {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  const net = Object.values(totals).reduce((a, b) => a + b, 0n);
  return {
    from: isoTime(range.from),
    to: isoTime(range.to),
    data: kept.map(presentSummaryRow),
    next_cursor: rows.length > limit && last !== undefined ? encodeSummaryCursor(last.position) : null,
    totals: { ...Object.fromEntries(Object.entries(totals).map(([kind, nano]) => [kind, formatUsd(nano)])), net: formatUsd(net) },
  };
}

/** Header of the summary CSV: the JSON row fields in the same order. */
export const SUMMARY_CSV_HEADER = ['time', 'kind', 'amount_usd', 'project_id', 'model', 'requests', 'reference', 'note'] as const;

/** Header of the detail CSV: the entry id, then the summary columns (`requests` is 1 for a usage debit). */
export const DETAIL_CSV_HEADER = ['id', ...SUMMARY_CSV_HEADER] as const;

/** Summary rows as CSV records, the header first. */
export async function* summaryCsvRecords(rows: AsyncIterable<LedgerSummaryRow>): AsyncGenerator<readonly CsvValue[]> {
  yield SUMMARY_CSV_HEADER;
  for await (const row of rows) {
    const r = presentSummaryRow(row);
    yield [r.time, r.kind, r.amount_usd, r.project_id, r.model, r.requests, r.reference, r.note];
  }
}

/** Ledger entries as CSV records, the header first. */
export async function* detailCsvRecords(rows: AsyncIterable<LedgerDetailRow>): AsyncGenerator<readonly CsvValue[]> {
  yield DETAIL_CSV_HEADER;
  for await (const row of rows) {
    yield [row.id, isoTime(row.time), row.kind, formatUsd(row.amountNano), row.projectId, row.model, row.kind === 'usage' ? 1 : null, row.reference, row.note];
  }
}

function presentEntry(entry: StatementEntry) {
  return { date: isoTime(entry.time), kind: entry.kind, amount_usd: formatUsd(entry.amountNano), reference: entry.reference, note: entry.note };
}

/** A statement on the wire (the PDF renders this same object). */
export function presentStatement(org: OrganizationRow, s: Statement): StatementDto {
  return {
    month: s.month,
    from: isoTime(s.from),
    to: isoTime(s.to),
    org: { id: org.id, name: org.name },
    opening_balance_usd: formatUsd(s.openingNano),
    credits: s.credits.map(presentEntry),
    credits_total_usd: formatUsd(s.creditsTotalNano),
    usage_by_project: s.usageByProject.map((u) => ({ project_id: u.key, project_name: u.name, requests: Number(u.requests), cost_usd: formatUsd(u.costNano) })),
    usage_by_model: s.usageByModel.map((u) => ({ model: u.key, requests: Number(u.requests), cost_usd: formatUsd(u.costNano) })),
    usage_total_usd: formatUsd(s.usageTotalNano),
    other_debits: s.otherDebits.map(presentEntry),
    other_debits_total_usd: formatUsd(s.otherDebitsTotalNano),
    closing_balance_usd: formatUsd(s.closingNano),
    final: s.final,
  };
}
