import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../shell/routes';

/** Search params of `/orgs/$orgId/webhooks`: the endpoint whose deliveries are open, and the delivery whose attempts are. */
export interface WebhooksSearch {
  readonly endpoint?: string;
  readonly delivery?: string;
}

function webhooksSearch(search: Record<string, unknown>): WebhooksSearch {
  if (typeof search.endpoint !== 'string' || !/^whe_[0-9a-z]{1,40}$/.test(search.endpoint)) return {};
  // A delivery is only read through its endpoint.
  const delivery = typeof search.delivery === 'string' && /^whd_[0-9a-z]{1,40}$/.test(search.delivery) ? search.delivery : undefined;
  return { endpoint: search.endpoint, ...(delivery ? { delivery } : {}) };
}

/** `/console/orgs/$orgId/webhooks?endpoint=whe_...&delivery=whd_...`: endpoints, the deliveries of one, the attempts of one delivery. */
export const orgWebhooksRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'webhooks',
  validateSearch: webhooksSearch,
  component: lazyRouteComponent(() => import('./webhooks-page'), 'WebhooksPage'),
});
