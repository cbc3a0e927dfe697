import { createRoute, notFound, Outlet, redirect } from '@tanstack/react-router';
import { isSessionExpired } from '../../api/api-error';
import { rootRoute } from '../../app/root-route';
import { NoOrganizationPage } from './no-organization-page';
import { meQuery } from './queries';
import { lastOrgId, rememberScope } from './remembered-scope';
import { ShellLayout } from './shell-layout';

/**
 * Every page behind sign-in nests here: the person is loaded (`/api/me`) before any page renders,
 * and a missing session sends them to sign-in with a way back.
 */
export const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    try {
      return { me: await context.queryClient.ensureQueryData(meQuery) };
    } catch (error) {
      if (isSessionExpired(error)) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
      throw error;
    }
  },
  component: ShellLayout,
});

/** `/console/`: the organization opened last, or the first one. */
export const appIndexRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const remembered = lastOrgId();
    const org = context.me.organizations.find((o) => o.id === remembered) ?? context.me.organizations[0];
    if (org) throw redirect({ to: '/orgs/$orgId', params: { orgId: org.id }, replace: true });
  },
  component: NoOrganizationPage,
});

/** `/orgs/$orgId/...`: 404 unless the person belongs to the organization. */
export const orgRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'orgs/$orgId',
  beforeLoad: ({ context, params }) => {
    const org = context.me.organizations.find((o) => o.id === params.orgId);
    if (!org) throw notFound();
    rememberScope(org.id);
    return { org };
  },
  component: Outlet,
});

/** `/orgs/$orgId/projects/$projectId/...`: 404 unless the person reaches the project. */
export const projectRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: 'projects/$projectId',
  beforeLoad: ({ context, params }) => {
    const project = context.me.projects.find((p) => p.id === params.projectId && p.org_id === params.orgId);
    if (!project) throw notFound();
    rememberScope(params.orgId, project.id);
    return { project };
  },
  component: Outlet,
});

/** `/orgs/$orgId/projects/$projectId`: the project's first page. */
export const projectIndexRoute = createRoute({
  getParentRoute: () => projectRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/orgs/$orgId/projects/$projectId/keys', params, replace: true });
  },
});
