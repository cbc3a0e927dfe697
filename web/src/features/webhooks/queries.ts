import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../api/client';
import { cursorListOptions } from '../../api/cursor-list';
import type { ApiBody, ApiItem, ApiResponse } from '../../api/types';

/** A webhook endpoint (never its secret). */
export type WebhookEndpoint = ApiItem<'/api/orgs/{orgId}/webhooks'>;
/** One event type an endpoint can subscribe to, or `*` for all. */
export type EventTypeChoice = WebhookEndpoint['event_types'][number];
/** One delivery of an event to an endpoint. */
export type WebhookDelivery = ApiItem<'/api/orgs/{orgId}/webhooks/{endpointId}/deliveries'>;
/** One delivery with its payload and every attempt. */
export type WebhookDeliveryDetail = ApiResponse<'/api/orgs/{orgId}/webhooks/{endpointId}/deliveries/{deliveryId}', 'get'>;

const PAGE = 20;

const webhooksKey = (orgId: string) => ['orgs', orgId, 'webhooks'] as const;

/** The organization's endpoints, newest first. */
export function endpointsList(orgId: string) {
  return cursorListOptions([...webhooksKey(orgId), 'list'], (cursor) =>
    unwrap(api.GET('/api/orgs/{orgId}/webhooks', { params: { path: { orgId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
  );
}

/** One endpoint. */
export function endpointQuery(orgId: string, endpointId: string) {
  return queryOptions({
    queryKey: [...webhooksKey(orgId), 'endpoint', endpointId],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/webhooks/{endpointId}', { params: { path: { orgId, endpointId } } })),
  });
}

/** An endpoint's deliveries, newest first; refetched every 2 s while one of them is still pending. */
export function deliveriesList(orgId: string, endpointId: string) {
  return {
    ...cursorListOptions([...webhooksKey(orgId), 'deliveries', endpointId], (cursor) =>
      unwrap(api.GET('/api/orgs/{orgId}/webhooks/{endpointId}/deliveries', { params: { path: { orgId, endpointId }, query: { limit: PAGE, ...(cursor ? { cursor } : {}) } } })),
    ),
    refetchInterval: (query: { state: { data?: { pages: readonly { data: readonly WebhookDelivery[] }[] } } }) =>
      query.state.data?.pages.some((page) => page.data.some((d) => d.status === 'pending')) ? 2_000 : false,
  };
}

/** One delivery with its payload and every attempt; refetched every 2 s while it is pending. */
export function deliveryQuery(orgId: string, endpointId: string, deliveryId: string) {
  return queryOptions({
    queryKey: [...webhooksKey(orgId), 'deliveries', endpointId, deliveryId],
    queryFn: () => unwrap(api.GET('/api/orgs/{orgId}/webhooks/{endpointId}/deliveries/{deliveryId}', { params: { path: { orgId, endpointId, deliveryId } } })),
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2_000 : false),
  });
}

/** Create an endpoint; the answer holds its signing secret, shown once. */
export function useCreateEndpoint(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (body: ApiBody<'/api/orgs/{orgId}/webhooks', 'post'>) => unwrap(api.POST('/api/orgs/{orgId}/webhooks', { params: { path: { orgId } }, body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(orgId) }),
  });
}

/** Rotate an endpoint's secret; the answer holds the new secret, shown once. */
export function useRotateSecret(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    gcTime: 0,
    mutationFn: (endpointId: string) => unwrap(api.POST('/api/orgs/{orgId}/webhooks/{endpointId}/rotate-secret', { params: { path: { orgId, endpointId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(orgId) }),
  });
}

/** Enable or disable an endpoint. */
export function useSetEndpointEnabled(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, enabled }: { readonly endpointId: string; readonly enabled: boolean }) =>
      unwrap(api.PATCH('/api/orgs/{orgId}/webhooks/{endpointId}', { params: { path: { orgId, endpointId } }, body: { enabled } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(orgId) }),
  });
}

/** Delete an endpoint and its deliveries. */
export function useDeleteEndpoint(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => unwrap(api.DELETE('/api/orgs/{orgId}/webhooks/{endpointId}', { params: { path: { orgId, endpointId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksKey(orgId) }),
  });
}

/** Queue a `webhook.test` ping to one endpoint. */
export function useSendTest(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) => unwrap(api.POST('/api/orgs/{orgId}/webhooks/{endpointId}/test', { params: { path: { orgId, endpointId } } })),
    onSuccess: (_result, endpointId) => queryClient.invalidateQueries({ queryKey: [...webhooksKey(orgId), 'deliveries', endpointId] }),
  });
}
