import { z } from 'zod';
import { orgParams } from '../organizations/schema.js';
import { pageQueryShape } from '../internal/pagination.js';
import { idParam, isoTimeInput } from '../internal/wire.js';

const rangeShape = {
  /** Start (ISO 8601), rounded down to the hour; default: the start of the current UTC month. */
  from: isoTimeInput.optional().describe('ISO 8601 start, rounded down to the hour (default: start of the current UTC month).'),
  /** End, exclusive (ISO 8601), rounded up to the hour; default: the start of the next UTC month. */
  to: isoTimeInput.optional().describe('ISO 8601 end, exclusive, rounded up to the hour (default: start of the next UTC month).'),
};

/** Query of `GET /orgs/:orgId/billing/ledger-summary`. */
export const ledgerSummaryQuery = z.strictObject({
  ...rangeShape,
  /** Rows per page, 1-100 (default 20), as every list. */
  limit: pageQueryShape.limit,
  /** Opaque cursor from the previous page's `next_cursor` (it embeds a project id and model, so it may be long). */
  cursor: z.string().max(2000).optional().describe("Opaque cursor from the previous page's next_cursor."),
});

/** A validated ledger-summary query. */
export type LedgerSummaryQuery = z.output<typeof ledgerSummaryQuery>;

/** Query of `GET /orgs/:orgId/billing/transactions.csv`. */
export const transactionsQuery = z.strictObject({
  ...rangeShape,
  /** `summary` (usage merged per hour, project and model) or `detail` (one row per ledger entry). */
  view: z.enum(['summary', 'detail']).default('summary').describe('summary: usage merged per hour, project and model; detail: one row per ledger entry.'),
});

/** A validated transactions query. */
export type TransactionsQuery = z.output<typeof transactionsQuery>;

/** Path of the statement route: `YYYY-MM`, or `YYYY-MM.pdf` for the PDF. */
export const statementParams = z.strictObject({
  /** Organization id. */
  orgId: orgParams.shape.orgId,
  /** The UTC month, with `.pdf` for the PDF rendering. */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])(\.pdf)?$/, 'Expected a month as YYYY-MM (01-12), optionally followed by .pdf.')
    .describe('UTC month as YYYY-MM; YYYY-MM.pdf returns the PDF.'),
});

const KINDS = ['credit', 'grant', 'refund', 'adjustment', 'usage', 'expiry'] as const;

/** One ledger-summary row. */
export const ledgerSummaryRowDto = z.object({
  time: z.string().describe('Entry time, or the start of the usage hour (ISO 8601).'),
  kind: z.string().describe(`Entry kind: ${KINDS.join(', ')}.`),
  amount_usd: z.string().describe('Signed USD decimal string (usage is negative).'),
  project_id: z.string().nullable().describe('Project of a usage row.'),
  model: z.string().nullable().describe('Model of a usage row.'),
  requests: z.number().nullable().describe('Requests merged in a usage row.'),
  reference: z.string().nullable(),
  note: z.string().nullable(),
});

/** The ledger summary as sent. */
export const ledgerSummaryDto = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(ledgerSummaryRowDto),
  next_cursor: z.string().nullable(),
  totals: z.object({ ...Object.fromEntries(KINDS.map((k) => [k, z.string()])), net: z.string() }).describe('Sum of the whole range per kind, and net (USD).'),
});

const statementEntry = z.object({
  date: z.string().describe('Entry time (ISO 8601).'),
  kind: z.string(),
  amount_usd: z.string().describe('Magnitude (positive).'),
  reference: z.string().nullable(),
  note: z.string().nullable(),
});

/** A monthly statement as sent (JSON). */
export const statementDto = z.object({
  month: z.string(),
  from: z.string(),
  to: z.string(),
  org: z.object({ id: idParam('org'), name: z.string() }),
  opening_balance_usd: z.string(),
  credits: z.array(statementEntry),
  credits_total_usd: z.string(),
  usage_by_project: z.array(z.object({ project_id: z.string(), project_name: z.string().nullable(), requests: z.number(), cost_usd: z.string() })),
  usage_by_model: z.array(z.object({ model: z.string(), requests: z.number(), cost_usd: z.string() })),
  usage_total_usd: z.string(),
  other_debits: z.array(statementEntry),
  other_debits_total_usd: z.string(),
  closing_balance_usd: z.string(),
  final: z.boolean().describe('The month has ended and none of its usage awaits settlement.'),
});

/** A statement as sent. */
export type StatementDto = z.infer<typeof statementDto>;
