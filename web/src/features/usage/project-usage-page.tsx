import { useLoaderData, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useMemo, type ReactElement } from 'react';
import { PageHeader } from '../../components/page-header';
import { useCurrentProject } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import { UsageView } from './usage-view';

const ROUTE = '/app/orgs/$orgId/projects/$projectId/usage';

/** A project's usage: requests, tokens and cost over time, grouped, with the CSV. */
export function ProjectUsagePage(): ReactElement {
  const { orgId, projectId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const { openedAt } = useLoaderData({ from: ROUTE });
  const navigate = useNavigate({ from: '/orgs/$orgId/projects/$projectId/usage' });
  const project = useCurrentProject();
  const scope = useMemo(() => ({ kind: 'project' as const, orgId, projectId }), [orgId, projectId]);
  if (project === null || !project.abilities.read_usage) return <NoAccessPage title="Usage" />;
  return (
    <>
      <PageHeader title="Usage" description={`Billed usage of ${project.name}, in UTC buckets. It counts a request once it is settled, about a second after it ends.`} />
      <UsageView scope={scope} search={search} setSearch={(patch) => void navigate({ search: (prev) => ({ ...prev, ...patch }) })} openedAt={openedAt} projectNames={new Map([[project.id, project.name]])} />
    </>
  );
}
