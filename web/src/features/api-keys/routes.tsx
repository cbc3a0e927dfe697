import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { projectRoute } from '../shell/routes';

/** `/orgs/$orgId/projects/$projectId/keys`: the project's inference keys. */
export const projectKeysRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'keys',
  component: lazyRouteComponent(() => import('./api-keys-page'), 'ApiKeysPage'),
});
