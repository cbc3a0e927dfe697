import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { alertsBody, alertsDto, balanceDto } from './schema.js';
import { getBalanceView, updateBalanceAlerts } from './service.js';

const tag = 'billing';

/** Balance, credit buckets and balance alert routes. */
export const billingBalanceRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/billing/balance', tag, auth: 'member', permission: 'org.billing.read',
    summary: 'Get the balance, pending amount, open credit buckets and alert thresholds.',
    params: orgParams, response: balanceDto,
    handler: ({ ctx, actor, params }) => getBalanceView(ctx, actor, params.orgId),
  }),
  defineRoute({
    method: 'PATCH', url: '/orgs/:orgId/billing/alerts', tag, auth: 'member', permission: 'org.billing.manage',
    summary: 'Set the low and critical balance alert thresholds in USD (null turns one off).',
    params: orgParams, body: alertsBody, response: alertsDto,
    handler: ({ ctx, change, params, body }) => updateBalanceAlerts(ctx, change, params.orgId, body),
  }),
];
