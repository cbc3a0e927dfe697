import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../shell/routes';
import { isMonth } from './month';

/** The tabs of the billing page. */
export const BILLING_TABS = ['balance', 'payments', 'ledger', 'statements'] as const;
/** One tab of the billing page. */
export type BillingTab = (typeof BILLING_TABS)[number];

/** Payment states the payments list filters by. */
export const PAYMENT_FILTERS = ['pending', 'completed', 'canceled', 'failed'] as const;
/** One payment state. */
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

/** Search params of `/orgs/$orgId/billing`: tab, month (ledger, statements), payments filter, a payment followed. */
export interface BillingSearch {
  readonly tab?: BillingTab;
  /** UTC month `YYYY-MM` of the ledger and statement tabs; absent = the current month. */
  readonly month?: string;
  /** Payments tab: only payments in this state. */
  readonly status?: PaymentFilter;
  /** A payment to follow on screen (the checkout page links back with it). */
  readonly payment?: string;
}

function billingSearch(search: Record<string, unknown>): BillingSearch {
  const tab = BILLING_TABS.find((t) => t === search.tab);
  const status = PAYMENT_FILTERS.find((s) => s === search.status);
  const month = typeof search.month === 'string' && isMonth(search.month) ? search.month : undefined;
  const payment = typeof search.payment === 'string' && /^pay_[0-9a-z]{1,40}$/.test(search.payment) ? search.payment : undefined;
  return {
    ...(tab && tab !== 'balance' ? { tab } : {}),
    ...(month ? { month } : {}),
    ...(status ? { status } : {}),
    ...(payment ? { payment } : {}),
  };
}

/** `/console/orgs/$orgId/billing?tab=ledger&month=2026-10`: balance, top-ups, ledger and statements. */
export const orgBillingRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'billing',
  validateSearch: billingSearch,
  component: lazyRouteComponent(() => import('./billing-page'), 'BillingPage'),
});
