import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute, projectRoute } from '../shell/routes';

/** `/orgs/$orgId/settings`: the organization's settings. */
export const orgSettingsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('./org-settings-page'), 'OrgSettingsPage'),
});

/** `/orgs/$orgId/projects/$projectId/settings`: one project's settings. */
export const projectSettingsRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('./project-settings-page'), 'ProjectSettingsPage'),
});
