import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { createTopUpBody, listPaymentsQuery, orgPaymentParams, paymentDto, paymentParams, readIdempotencyKey } from './schema.js';
import { cancelTopUp, confirmPaymentView, createTopUp, getPaymentView, listPaymentViews } from './service.js';

const tag = 'payments';

/** Top-ups and payments of an organization, and the operator's confirmation. */
export const paymentRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/billing/top-ups', tag, auth: 'member', permission: 'org.billing.manage', status: 201,
    summary: 'Start a top-up {amount_usd: "25.00"} (whole cents, 1.00-10000.00); pay at checkout_url.',
    params: orgParams, body: createTopUpBody, response: paymentDto,
    handler: ({ ctx, change, params, body, request }) => createTopUp(ctx, change, params.orgId, body, readIdempotencyKey(request.headers['idempotency-key'])),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/billing/payments', tag, auth: 'member', permission: 'org.billing.read', summary: 'List payments and receipts, newest first.',
    params: orgParams, query: listPaymentsQuery, response: pageEnvelopeSchema(paymentDto),
    handler: ({ ctx, actor, params, query }) => listPaymentViews(ctx, actor, params.orgId, query),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/billing/payments/:paymentId', tag, auth: 'member', permission: 'org.billing.read', summary: 'Get one payment with its receipt.',
    params: orgPaymentParams, response: paymentDto,
    handler: ({ ctx, actor, params }) => getPaymentView(ctx, actor, params.orgId, params.paymentId),
  }),
  defineRoute({
    method: 'POST', url: '/orgs/:orgId/billing/payments/:paymentId/cancel', tag, auth: 'member', permission: 'org.billing.manage', summary: 'Cancel a pending payment.',
    params: orgPaymentParams, response: paymentDto,
    handler: ({ ctx, change, params }) => cancelTopUp(ctx, change, params.orgId, params.paymentId),
  }),
  defineRoute({
    method: 'POST', url: '/payments/:paymentId/confirm', tag, auth: 'member', summary: 'Operator only: confirm a manual payment has arrived (credits the ledger once).',
    params: paymentParams, response: paymentDto,
    handler: ({ ctx, change, params }) => confirmPaymentView(ctx, change, params.paymentId),
  }),
];
