import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../shell/routes';

/** The overview's URL state: how the spend chart is stacked. */
export interface OverviewSearch {
  /** `model` stacks spend by model; by project otherwise. */
  readonly by?: 'model';
}

/** `/orgs/$orgId`: the organization's landing page. */
export const orgOverviewRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): OverviewSearch => (search.by === 'model' ? { by: 'model' } : {}),
  component: lazyRouteComponent(() => import('./overview-page'), 'OverviewPage'),
});
