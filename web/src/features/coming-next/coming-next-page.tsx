import { Construction } from 'lucide-react';
import type { ReactElement } from 'react';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useCurrentOrg, useCurrentProject } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import type { OrgPage, ProjectPage } from '../shell/navigation';

/**
 * PLACEHOLDER for a page not built yet (issues 13 and 14). It says so on screen; it is not a
 * page. Replace the route with the real page and drop the entry from coming-next/routes.tsx and
 * the `comingNext` mark in shell/navigation.ts.
 */
export function ComingNextPage({ page, scope }: { readonly page: OrgPage | ProjectPage; readonly scope: 'org' | 'project' }): ReactElement {
  const org = useCurrentOrg();
  const project = useCurrentProject();
  const allowed = scope === 'org' ? org !== null && (page as OrgPage).allowed(org.abilities) : project !== null && (page as ProjectPage).allowed(project.abilities);
  if (!allowed) return <NoAccessPage title={page.label} />;
  return (
    <>
      <PageHeader title={page.label} />
      <EmptyState icon={<Construction size={28} />} title="Coming next">
        The {page.label} page is not built yet; it is planned in issue {page.comingNext}. Until then the console API serves it
        (see docs/console-api.md).
      </EmptyState>
    </>
  );
}
