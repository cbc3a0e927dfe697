import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { ledgerSummaryDto, ledgerSummaryQuery, statementDto, statementParams, transactionsQuery } from './schema.js';
import { exportTransactionsCsv, getLedgerSummary, getStatement } from './service.js';

const tag = 'billing';

/** Billing reports: the ledger summary, the transactions export and monthly statements (read-only). */
export const billingReportRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/billing/ledger-summary', tag, auth: 'member', permission: 'org.billing.read',
    summary: 'The ledger with usage merged per hour, project and model, newest first (paginated), with totals per kind for the range.',
    params: orgParams, query: ledgerSummaryQuery, response: ledgerSummaryDto,
    handler: ({ ctx, actor, params, query }) => getLedgerSummary(ctx, actor, params.orgId, query),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/billing/transactions.csv', tag, auth: 'member', permission: 'org.billing.read',
    summary: 'The ledger of a range as a streamed CSV: view=summary (usage merged per hour, project and model) or view=detail (every entry).',
    params: orgParams, query: transactionsQuery,
    handler: ({ ctx, actor, reply, params, query }) => exportTransactionsCsv(ctx, actor, reply, params.orgId, query),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/billing/statements/:month', tag, auth: 'member', permission: 'org.billing.read',
    summary: "A month's statement (YYYY-MM, UTC): opening balance, credits, usage by project and model, other debits, closing balance; YYYY-MM.pdf returns it as a PDF.",
    params: statementParams, response: statementDto,
    handler: ({ ctx, actor, reply, params }) => getStatement(ctx, actor, reply, params.orgId, params.month),
  }),
];
