import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../shell/routes';

/** Search params of `/orgs/$orgId/webhooks`: the endpoint whose deliveries are open. */
export interface WebhooksSearch {
  readonly endpoint?: string;
}

function webhooksSearch(search: Record<string, unknown>): WebhooksSearch {
  return typeof search.endpoint === 'string' && /^whe_[0-9a-z]{1,40}$/.test(search.endpoint) ? { endpoint: search.endpoint } : {};
}

/** `/console/orgs/$orgId/webhooks?endpoint=whe_...`: endpoints and the deliveries of one. */
export const orgWebhooksRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'webhooks',
  validateSearch: webhooksSearch,
  component: lazyRouteComponent(() => import('./webhooks-page'), 'WebhooksPage'),
});
