import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

/** What every route's `beforeLoad` and `loader` receive. */
export interface RouterContext {
  readonly queryClient: QueryClient;
}

function Root(): ReactElement {
  return <Outlet />;
}

/** The root of the route tree: pages nest under it (see app/route-tree.ts). */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Root,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteErrorPage,
});
