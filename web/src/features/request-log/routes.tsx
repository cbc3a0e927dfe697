import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { projectRoute } from '../shell/routes';
import { projectKeysOptions, requestDetailQuery, requestFiltersOf, requestLogList } from './queries';
import { requestLogSearch } from './search';

/** `/orgs/$orgId/projects/$projectId/requests?key=...&model=...&status=...&source=...&range=24h&request=req_...`: the project's request log. */
export const projectRequestsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'requests',
  validateSearch: requestLogSearch,
  // The list depends on the filters, not on the request open in the drawer.
  loaderDeps: ({ search }) => ({ key: search.key, model: search.model, status: search.status, source: search.source, range: search.range }),
  // Ask for the first page and the key names while the page's code is still loading, instead of
  // after it rendered (one round trip less on a cold open); the page reads them from the cache.
  // A link to one request (`?request=req_...`) asks for it too: the drawer is what that person came for.
  loader: ({ context, params, deps, location }) => {
    const openedAt = Date.now();
    void context.queryClient.prefetchInfiniteQuery(requestLogList(params.projectId, requestFiltersOf(deps, openedAt)));
    void context.queryClient.prefetchInfiniteQuery(projectKeysOptions(params.projectId));
    const opened = requestLogSearch(location.search).request;
    if (opened !== undefined) void context.queryClient.prefetchQuery(requestDetailQuery(opened));
    return { openedAt };
  },
  component: lazyRouteComponent(() => import('./request-log-page'), 'RequestLogPage'),
});
