import { useLoaderData, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, type ReactElement } from 'react';
import { PageHeader } from '../../components/page-header';
import { useCurrentOrg, useOrgProjects } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import { UsageView } from './usage-view';

const ROUTE = '/app/orgs/$orgId/usage';

/** The organization's usage across every project: the same view as a project's, with a project grouping. */
export function OrgUsagePage(): ReactElement {
  const { orgId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const { openedAt } = useLoaderData({ from: ROUTE });
  const navigate = useNavigate({ from: '/orgs/$orgId/usage' });
  const org = useCurrentOrg();
  const projects = useOrgProjects(orgId);
  const scope = useMemo(() => ({ kind: 'org' as const, orgId }), [orgId]);
  const projectNames = useMemo(() => new Map(projects.map((p) => [p.id, p.name])), [projects]);
  if (org === null || !org.abilities.read_usage) return <NoAccessPage title="Usage" />;
  return (
    <>
      <PageHeader title="Usage" description={`Billed usage of ${org.name} across every project, in UTC buckets. It counts a request once it is settled.`} />
      <UsageView scope={scope} search={search} setSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })} openedAt={openedAt} projectNames={projectNames} />
    </>
  );
}
