import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { projectRoute } from '../shell/routes';
import { requestLogSearch } from './search';

/** `/orgs/$orgId/projects/$projectId/requests?key=...&model=...&status=...&range=24h&request=req_...`: the project's request log. */
export const projectRequestsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'requests',
  validateSearch: requestLogSearch,
  component: lazyRouteComponent(() => import('./request-log-page'), 'RequestLogPage'),
});
