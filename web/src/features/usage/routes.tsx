import type { QueryClient } from '@tanstack/react-query';
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute, projectRoute } from '../shell/routes';
import { usageParamsOf, usageQuery, type UsageScope } from './queries';
import { usageSearch, type UsageSearch } from './search';

/** What the report depends on (not `metric`: the chart's choice of figure needs no new report). */
const reportDeps = ({ search }: { search: UsageSearch }) => ({ range: search.range, granularity: search.granularity, group: search.group });

/**
 * Ask for the report while the page's code is still loading, instead of after it rendered (one
 * round trip less on a cold open); the page reads it from the cache with the same moment.
 */
function prefetchReport(queryClient: QueryClient, scope: UsageScope, deps: UsageSearch) {
  const openedAt = Date.now();
  void queryClient.prefetchQuery(usageQuery(scope, usageParamsOf(deps, openedAt)));
  return { openedAt };
}

/** `/orgs/$orgId/projects/$projectId/usage?range=7d&granularity=hour&group=model`: a project's usage. */
export const projectUsageRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'usage',
  validateSearch: usageSearch,
  loaderDeps: reportDeps,
  loader: ({ context, params, deps }) => prefetchReport(context.queryClient, { kind: 'project', orgId: params.orgId, projectId: params.projectId }, deps),
  component: lazyRouteComponent(() => import('./project-usage-page'), 'ProjectUsagePage'),
});

/** `/orgs/$orgId/usage?group=project`: the organization's usage across its projects. */
export const orgUsageRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'usage',
  validateSearch: usageSearch,
  loaderDeps: reportDeps,
  loader: ({ context, params, deps }) => prefetchReport(context.queryClient, { kind: 'org', orgId: params.orgId }, deps),
  component: lazyRouteComponent(() => import('./org-usage-page'), 'OrgUsagePage'),
});
