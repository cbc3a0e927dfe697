import { lastProjectId } from './remembered-scope';
import { ORG_PAGES, PROJECT_PAGES, type OrgPage, type ProjectPage } from './navigation';
import type { MeOrganization, MeProject } from './queries';

/** Where a switch leads: an organization page, or a project page of a project. */
export type SwitchTarget =
  | { readonly kind: 'org'; readonly page: OrgPage; readonly orgId: string }
  | { readonly kind: 'project'; readonly page: ProjectPage; readonly orgId: string; readonly projectId: string };

/**
 * Switching organization keeps the page on screen when the person may see it in the other
 * organization (Billing stays Billing), else opens its overview; filters are dropped, since their
 * ids belong to the organization left behind.
 */
export function orgSwitchTarget(currentPath: string | undefined, org: MeOrganization, projects: readonly MeProject[]): SwitchTarget {
  const overview = { kind: 'org', page: ORG_PAGES[0]!, orgId: org.id } as const;
  const orgPage = ORG_PAGES.find((page) => page.to === currentPath);
  if (orgPage) return orgPage.allowed(org.abilities) ? { kind: 'org', page: orgPage, orgId: org.id } : overview;
  const projectPage = PROJECT_PAGES.find((page) => page.to === currentPath);
  if (!projectPage) return overview;
  const inOrg = projects.filter((project) => project.org_id === org.id);
  const remembered = lastProjectId(org.id);
  const project = inOrg.find((p) => p.id === remembered) ?? inOrg[0];
  if (!project || !projectPage.allowed(project.abilities)) return overview;
  return { kind: 'project', page: projectPage, orgId: org.id, projectId: project.id };
}

/** Switching project keeps the project page on screen when allowed there, else opens the project's first page. */
export function projectSwitchTarget(currentPath: string | undefined, project: MeProject): SwitchTarget {
  const current = PROJECT_PAGES.find((page) => page.to === currentPath);
  const page = current && current.allowed(project.abilities) ? current : PROJECT_PAGES.find((p) => p.allowed(project.abilities)) ?? PROJECT_PAGES[1]!;
  return { kind: 'project', page, orgId: project.org_id, projectId: project.id };
}
