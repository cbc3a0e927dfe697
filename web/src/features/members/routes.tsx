import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../shell/routes';

/** `/orgs/$orgId/members`: members, roles and invites. */
export const orgMembersRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'members',
  component: lazyRouteComponent(() => import('./members-page'), 'MembersPage'),
});
