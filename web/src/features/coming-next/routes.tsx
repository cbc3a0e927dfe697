import { createRoute } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { orgRoute, projectRoute } from '../shell/routes';
import { ORG_PAGES, PROJECT_PAGES, type OrgPage, type ProjectPage } from '../shell/navigation';
import { ComingNextPage } from './coming-next-page';

/*
 * PLACEHOLDER routes for the pages of issues 13 and 14, each saying "Coming next" on screen.
 * When you build one, give it its own feature folder and route, remove it from here, and remove
 * `comingNext` from its entry in shell/navigation.ts.
 */

function orgPage(to: OrgPage['to']): OrgPage {
  return ORG_PAGES.find((page) => page.to === to)!;
}

function projectPage(to: ProjectPage['to']): ProjectPage {
  return PROJECT_PAGES.find((page) => page.to === to)!;
}

function placeholder(page: OrgPage | ProjectPage, scope: 'org' | 'project'): () => ReactElement {
  return function Placeholder(): ReactElement {
    return <ComingNextPage page={page} scope={scope} />;
  };
}

/** Organization pages still to build. */
export const orgUsageRoute = createRoute({ getParentRoute: () => orgRoute, path: 'usage', component: placeholder(orgPage('/orgs/$orgId/usage'), 'org') });

/** Project pages still to build. */
export const projectRequestsRoute = createRoute({ getParentRoute: () => projectRoute, path: 'requests', component: placeholder(projectPage('/orgs/$orgId/projects/$projectId/requests'), 'project') });
export const projectUsageRoute = createRoute({ getParentRoute: () => projectRoute, path: 'usage', component: placeholder(projectPage('/orgs/$orgId/projects/$projectId/usage'), 'project') });
