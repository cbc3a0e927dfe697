import type { FastifyReply } from 'fastify';
import { authorizeOrg, type Actor } from '../../auth/authorize.js';
import { readLedgerDetail } from '../../billing/ledger-detail.js';
import { readLedgerSummaryPage, readLedgerTotals, type LedgerRange, type LedgerSummaryRow, type SummaryPosition } from '../../billing/ledger-summary.js';
import { buildStatement, monthStart } from '../../billing/statement.js';
import { HOUR_MS } from '../../billing/usage-rollups.js';
import { GatewayError } from '../../core/errors.js';
import { getOrganization } from '../../tenancy/organization-repository.js';
import type { ConsoleContext } from '../internal/console-context.js';
import { isoTime } from '../internal/wire.js';
import { csvStream } from '../usage/csv.js';
import { detailCsvRecords, presentLedgerSummary, presentStatement, summaryCsvRecords } from './presenter.js';
import type { LedgerSummaryQuery, TransactionsQuery } from './schema.js';
import { renderStatementPdf } from './statement-pdf.js';
import { decodeSummaryCursor } from './summary-cursor.js';

/** Longest range one report may cover, as for usage analytics. */
const MAX_RANGE_MS = 400 * 24 * HOUR_MS;
/** Rows per store read while streaming an export. */
const EXPORT_PAGE_ROWS = 5000;

/** One page of the ledger with usage merged per hour, project and model, and the range's totals per kind. */
export async function getLedgerSummary(ctx: ConsoleContext, actor: Actor, orgId: string, query: LedgerSummaryQuery) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.billing.read');
  const range = rangeOf(query, ctx.now());
  const after = query.cursor === undefined ? null : decodeSummaryCursor(query.cursor);
  const [rows, totals] = await Promise.all([readLedgerSummaryPage(ctx.db, orgId, range, after, query.limit + 1), readLedgerTotals(ctx.db, orgId, range)]);
  return presentLedgerSummary(range, rows, query.limit, totals);
}

/** The ledger of a range as a streamed CSV: the summary rows, or every entry (`view=detail`). */
export async function exportTransactionsCsv(ctx: ConsoleContext, actor: Actor, reply: FastifyReply, orgId: string, query: TransactionsQuery) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.billing.read');
  const range = rangeOf(query, ctx.now());
  const records = query.view === 'summary' ? summaryCsvRecords(allSummaryRows(ctx, orgId, range)) : detailCsvRecords(readLedgerDetail(ctx.db, orgId, range, EXPORT_PAGE_ROWS));
  const name = `transactions-${query.view}-${orgId}-${isoTime(range.from).slice(0, 10)}-${isoTime(range.to).slice(0, 10)}.csv`;
  void reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`);
  return csvStream(records);
}

async function* allSummaryRows(ctx: ConsoleContext, orgId: string, range: LedgerRange): AsyncGenerator<LedgerSummaryRow> {
  let after: SummaryPosition | null = null;
  for (;;) {
    const rows = await readLedgerSummaryPage(ctx.db, orgId, range, after, EXPORT_PAGE_ROWS);
    yield* rows;
    const last = rows[rows.length - 1];
    if (last === undefined || rows.length < EXPORT_PAGE_ROWS) return;
    after = last.position;
  }
}

/** A month's statement as JSON, or as a PDF when the month carries the `.pdf` suffix. */
export async function getStatement(ctx: ConsoleContext, actor: Actor, reply: FastifyReply, orgId: string, monthParam: string) {
  await authorizeOrg(ctx.db, actor, orgId, 'org.billing.read');
  const pdf = monthParam.endsWith('.pdf');
  const text = pdf ? monthParam.slice(0, -'.pdf'.length) : monthParam;
  const month = { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) };
  const now = ctx.now();
  if (monthStart(month) > now) throw new GatewayError('GW_INVALID_VALUE', `The month ${text} has not started yet.`, { param: 'path.month' });
  const org = await getOrganization(ctx.db, orgId);
  if (org === null) throw new GatewayError('CONSOLE_NOT_FOUND', `No organization '${orgId}' exists, or you have no access to it.`);
  const statement = presentStatement(org, await buildStatement(ctx.db, orgId, month, now));
  if (!pdf) return statement;
  const body = await renderStatementPdf(statement, isoTime(now));
  void reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="statement-${orgId}-${text}.pdf"`);
  return body;
}

/** The hour-aligned range of a report (rollups are hourly); default: the current UTC month. */
function rangeOf(query: { readonly from?: number | undefined; readonly to?: number | undefined }, now: number): LedgerRange {
  const today = new Date(now);
  const from = floorHour(query.from ?? Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const to = ceilHour(query.to ?? Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  if (to <= from) throw new GatewayError('GW_INVALID_VALUE', "'to' must be after 'from'.", { param: 'query.to' });
  if (to - from > MAX_RANGE_MS) throw new GatewayError('GW_INVALID_VALUE', 'The range may cover at most 400 days.', { param: 'query.from' });
  return { from, to };
}

function floorHour(ms: number): number {
  return ms - (((ms % HOUR_MS) + HOUR_MS) % HOUR_MS);
}

function ceilHour(ms: number): number {
  const floored = floorHour(ms);
  return floored === ms ? ms : floored + HOUR_MS;
}
