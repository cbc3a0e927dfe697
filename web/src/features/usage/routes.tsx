import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute, projectRoute } from '../shell/routes';
import { usageSearch } from './search';

/** `/orgs/$orgId/projects/$projectId/usage?range=7d&granularity=hour&group=model`: a project's usage. */
export const projectUsageRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'usage',
  validateSearch: usageSearch,
  component: lazyRouteComponent(() => import('./project-usage-page'), 'ProjectUsagePage'),
});

/** `/orgs/$orgId/usage?group=project`: the organization's usage across its projects. */
export const orgUsageRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'usage',
  validateSearch: usageSearch,
  component: lazyRouteComponent(() => import('./org-usage-page'), 'OrgUsagePage'),
});
