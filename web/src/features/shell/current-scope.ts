import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { meQuery, type Me, type MeOrganization, type MeProject } from './queries';
import { lastOrgId, lastProjectId } from './remembered-scope';

/** The signed-in person (loaded before any page inside the shell renders). */
export function useMe(): Me {
  return useSuspenseQuery(meQuery).data;
}

/**
 * The organization on screen, with the person's role and abilities in it: the one in the URL;
 * on pages outside an organization (`/me`), the one opened last, else the first. Null only for a
 * person in no organization.
 */
export function useCurrentOrg(): MeOrganization | null {
  const me = useMe();
  const { orgId } = useParams({ strict: false });
  const wanted = orgId ?? lastOrgId();
  return me.organizations.find((org) => org.id === wanted) ?? (orgId ? null : (me.organizations[0] ?? null));
}

/** The projects of an organization the person can reach. */
export function useOrgProjects(orgId: string | undefined): MeProject[] {
  return useMe().projects.filter((project) => project.org_id === orgId);
}

/**
 * The project the project pages are about: the one in the URL, else the one last opened in this
 * organization, else its first reachable project; null when the person reaches none.
 */
export function useCurrentProject(): MeProject | null {
  const { projectId } = useParams({ strict: false });
  const orgId = useCurrentOrg()?.id;
  const projects = useOrgProjects(orgId);
  const wanted = projectId ?? (orgId ? lastProjectId(orgId) : null);
  return projects.find((project) => project.id === wanted) ?? projects[0] ?? null;
}
