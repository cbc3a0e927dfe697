import { createRouter } from '@tanstack/react-router';
import { meQuery } from '../features/shell/queries';
import { createQueryClient } from './query-client';
import { routeTree } from './route-tree';

const SIGNED_OUT_PAGES = ['/sign-in', '/sign-up', '/sign-out', '/invite'];

let redirecting = false;

/** The app's QueryClient: an expired session anywhere sends the person to sign-in, and back afterwards. */
export const queryClient = createQueryClient(() => {
  const here = router.state.location;
  if (redirecting || SIGNED_OUT_PAGES.includes(here.pathname)) return;
  redirecting = true;
  // "Your session ended" only when there was one in this tab; a first visit just signs in.
  const hadSession = queryClient.getQueryData(meQuery.queryKey) !== undefined;
  void router.navigate({ to: '/sign-in', search: { redirect: here.href, ...(hadSession ? { reason: 'expired' as const } : {}) }, replace: true }).finally(() => {
    redirecting = false;
    // Answers of the ended session must not show to whoever signs in next.
    queryClient.removeQueries();
  });
});

/** The router: the console lives under /console; pages load their code when first opened. */
export const router = createRouter({
  routeTree,
  basepath: '/console',
  context: { queryClient },
  defaultPreload: 'intent',
  // Data freshness is TanStack Query's business; the router never caches loader results.
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * Fetch the code of the page the URL opens at once, beside `/api/me`: the router would ask for it
 * only after `/api/me` answered (the signed-in routes' beforeLoad), a round trip and a parse later.
 * A failure is left to the router, which loads the chunk again when it renders the page.
 */
export function preloadOpenedPageCode(): void {
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined);
}

/**
 * Take index.html's preloaded `/api/me` answer at once, on every page: the signed-in routes read it
 * from the cache, and a signed-out page (sign-in, invite) must not leave it unused, or the browser
 * would hand that old answer to a later `/api/me` of this document. A 401 here is an answer, not
 * an expired session: the routes that need a person redirect to sign-in themselves.
 */
export function takePreloadedMe(): void {
  void queryClient.prefetchQuery({ ...meQuery, meta: { anonymousOk: true }, retry: false });
}
