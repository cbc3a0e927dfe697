import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { cursorListOptions } from '../../api/cursor-list';
import type { ApiBody, ApiItem, ApiResponse } from '../../api/types';
import { monthRange } from './month';
import type { PaymentFilter } from './routes';

/** An organization's balance, open credit buckets and alert thresholds. */
export type Balance = ApiResponse<'/api/orgs/{orgId}/billing/balance', 'get'>;
/** One open credit bucket. */
export type CreditBucket = Balance['credit_buckets'][number];
/** The alert thresholds. */
export type BalanceAlerts = Balance['alerts'];
/** A payment (top-up) with its receipt fields. */
export type Payment = ApiItem<'/api/orgs/{orgId}/billing/payments'>;
/** One row of the ledger summary. */
export type LedgerRow = ApiItem<'/api/orgs/{orgId}/billing/ledger-summary'>;
/** A month's statement. */
export type Statement = ApiResponse<'/api/orgs/{orgId}/billing/statements/{month}', 'get'>;

const PAGE = 20;

/** Every billing query of an organization starts with this key (a completed top-up invalidates them all). */
export const billingKey = (orgId: string) => ['orgs', orgId, 'billing'] as const;

/** The balance card, buckets and alerts. */
export function balanceQuery(orgId: string) {
  return queryOptions({
    queryKey: [...billingKey(orgId), 'balance'],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/billing/balance', { params: { path: { orgId } } })),
  });
}

/** Payments and receipts, newest first, optionally of one state. */
export function paymentsList(orgId: string, status: PaymentFilter | undefined) {
  return cursorListOptions([...billingKey(orgId), 'payments', { status: status ?? null }], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/billing/payments', { params: { path: { orgId }, query: { limit: PAGE, ...(status ? { status } : {}), ...(cursor ? { cursor } : {}) } } })),
  );
}

/** One payment, refetched every 2 s while it is pending so its completion shows without a reload. */
export function paymentQuery(orgId: string, paymentId: string) {
  return queryOptions({
    queryKey: [...billingKey(orgId), 'payment', paymentId],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/billing/payments/{paymentId}', { params: { path: { orgId, paymentId } } })),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2_000 : false),
  });
}

/** The ledger summary of a UTC month, a page at a time (totals repeat on every page). */
export function ledgerSummaryList(orgId: string, month: string) {
  const range = monthRange(month);
  return cursorListOptions([...billingKey(orgId), 'ledger-summary', month], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/billing/ledger-summary', { params: { path: { orgId }, query: { ...range, limit: 50, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** The first page of the ledger summary of a month: its totals. */
export function ledgerTotalsQuery(orgId: string, month: string) {
  return queryOptions({
    queryKey: [...billingKey(orgId), 'ledger-totals', month],
    queryFn: async () => (await unwrap(api.GET('/api/orgs/{orgId}/billing/ledger-summary', { params: { path: { orgId }, query: { ...monthRange(month), limit: 1 } } }))).totals,
  });
}

/** A month's statement. */
export function statementQuery(orgId: string, month: string) {
  return queryOptions({
    queryKey: [...billingKey(orgId), 'statement', month],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/billing/statements/{month}', { params: { path: { orgId, month } } })),
  });
}

/** Where the transactions CSV of a month downloads from (a plain link: the session cookie goes along). */
export function transactionsCsvUrl(orgId: string, month: string, view: 'summary' | 'detail'): string {
  const query = new URLSearchParams({ view, ...monthRange(month) });
  return `/api/orgs/${encodeURIComponent(orgId)}/billing/transactions.csv?${query.toString()}`;
}

/** Where a month's statement PDF downloads from. */
export function statementPdfUrl(orgId: string, month: string): string {
  return `/api/orgs/${encodeURIComponent(orgId)}/billing/statements/${month}.pdf`;
}

/**
 * Pending payments of the organization, watched every 3 s while there are any: when one leaves
 * `pending` (the operator confirmed it, or Stripe's webhook arrived), every billing figure is
 * refetched, so the new balance appears without a reload.
 */
export function usePendingPaymentsWatch(orgId: string): readonly Payment[] {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: [...billingKey(orgId), 'pending-watch'],
    queryFn: async () => {
      const before = queryClient.getQueryData<readonly Payment[]>([...billingKey(orgId), 'pending-watch']);
      const page = await unwrap(api.GET('/api/orgs/{orgId}/billing/payments', { params: { path: { orgId }, query: { status: 'pending', limit: 100 } } }));
      const now = new Set(page.data.map((p) => p.id));
      if (before?.some((p) => !now.has(p.id))) {
        void queryClient.invalidateQueries({ queryKey: billingKey(orgId), predicate: (q) => q.queryKey[3] !== 'pending-watch' });
      }
      return page.data;
    },
    refetchInterval: (q) => ((q.state.data?.length ?? 0) > 0 ? 3_000 : false),
  });
  return query.data ?? [];
}

/** Start a top-up; the answer is the pending payment with its `checkout_url`. */
export function useCreateTopUp(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { readonly body: ApiBody<'/api/orgs/{orgId}/billing/top-ups', 'post'>; readonly idempotencyKey: string }) =>
      unwrap(api.POST('/api/orgs/{orgId}/billing/top-ups', { params: { path: { orgId } }, body, headers: { 'Idempotency-Key': idempotencyKey } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(orgId) }),
  });
}

/** Cancel a pending top-up that will not be paid. */
export function useCancelPayment(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => unwrap(api.POST('/api/orgs/{orgId}/billing/payments/{paymentId}/cancel', { params: { path: { orgId, paymentId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(orgId) }),
  });
}

/** Change the balance alert thresholds (null turns one off). */
export function useUpdateAlerts(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { readonly low_threshold_usd: string | null; readonly critical_threshold_usd: string | null }) =>
      unwrap(api.PATCH('/api/orgs/{orgId}/billing/alerts', { params: { path: { orgId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey(orgId) }),
  });
}
