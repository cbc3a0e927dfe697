import { useInfiniteQuery } from '@tanstack/react-query';
import { useLoaderData, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Logs } from 'lucide-react';
import { useCallback, useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Badge } from '../../components/badge';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { Time } from '../../components/time';
import { useCurrentProject } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import { projectKeysOptions, requestFiltersOf, requestLogList, type LoggedRequest } from './queries';
import { RequestDrawer } from './request-drawer';
import { RequestFilters } from './request-filters';
import styles from './request-log.module.css';
import { StatusBadge } from './status-badge';
import { formatCount } from '../../lib/count';

const ROUTE = '/app/orgs/$orgId/projects/$projectId/requests';

/** The project's request log: filters and the open request in the URL, a drawer with every field and where the money went. */
export function RequestLogPage(): ReactElement {
  const { projectId } = useParams({ from: ROUTE });
  const search = useSearch({ from: ROUTE });
  const navigate = useNavigate({ from: '/orgs/$orgId/projects/$projectId/requests' });
  const project = useCurrentProject();
  // "Last 24 hours" means from when the filters were set (the route loader's moment), so later
  // pages of the list stay on the same window.
  const { openedAt } = useLoaderData({ from: ROUTE });
  const filters = useMemo(
    () => requestFiltersOf({ ...(search.key ? { key: search.key } : {}), ...(search.model ? { model: search.model } : {}), ...(search.status ? { status: search.status } : {}), ...(search.source ? { source: search.source } : {}), ...(search.range ? { range: search.range } : {}) }, openedAt),
    [search.key, search.model, search.status, search.source, search.range, openedAt],
  );
  const list = useCursorList(requestLogList(projectId, filters));
  // The first page of keys (up to 20) names the keys in the list and offers them as a filter.
  const keys = useInfiniteQuery(projectKeysOptions(projectId));
  const keyNames = useMemo(() => new Map((keys.data?.pages ?? []).flatMap((page) => page.data.map((k) => [k.id, k.name] as const))), [keys.data]);
  const keyName = useCallback((id: string) => keyNames.get(id) ?? id, [keyNames]);
  const open = useCallback((request: string | undefined) => void navigate({ search: (prev) => ({ ...prev, request }) }), [navigate]);
  const columns = useMemo((): DataColumns<LoggedRequest> => {
    const col = dataColumns<LoggedRequest>();
    return col.columns([
      col.accessor('created_at', {
        header: 'Time',
        meta: { nowrap: true },
        cell: (info) => (
          <button type="button" className={styles.linkButton} onClick={() => open(info.row.original.id)}>
            <Time iso={info.getValue()} format="datetime" />
            <span className="visually-hidden">, open request {info.row.original.id}</span>
          </button>
        ),
      }),
      col.display({
        id: 'model',
        header: 'Model',
        cell: (info) => {
          const r = info.row.original;
          return (
            <div className={styles.model}>
              <div className={styles.mono}>{r.model_requested ?? '—'}</div>
              {r.model_resolved && r.model_resolved !== r.model_requested && <div className={styles.muted}>served {r.model_resolved}</div>}
            </div>
          );
        },
      }),
      col.accessor('status', { header: 'Status', cell: (info) => <span className={styles.nowrap}><StatusBadge status={info.getValue()} />{info.row.original.error_code && <span className={styles.muted}> {info.row.original.error_code}</span>}</span> }),
      col.display({ id: 'tokens', header: 'Tokens in / out', meta: { align: 'right', nowrap: true }, cell: (info) => <span className="tabular">{formatCount(info.row.original.usage.input_tokens)} / {formatCount(info.row.original.usage.output_tokens)}</span> }),
      col.accessor('cost_usd', { header: 'Cost', meta: { align: 'right', nowrap: true }, cell: (info) => <Money usd={info.getValue()} /> }),
      col.display({
        id: 'latency',
        header: 'Latency / TTFT',
        meta: { align: 'right', nowrap: true },
        cell: (info) => <span className="tabular">{formatCount(info.row.original.latency_ms)} ms / {info.row.original.ttft_ms === null ? '—' : `${formatCount(info.row.original.ttft_ms)} ms`}</span>,
      }),
      col.accessor('key_id', { header: 'Key', meta: { nowrap: true }, cell: (info) => (info.getValue() ? keyName(info.getValue()!) : info.row.original.source === 'playground' ? 'Playground' : '—') }),
      col.accessor('user', { header: 'End user', meta: { nowrap: true }, cell: (info) => info.getValue() ?? '—' }),
      col.accessor('tags', { header: 'Tags', cell: (info) => <span className={styles.tags}>{Object.entries(info.getValue()).map(([k, v]) => <Badge key={k}>{`${k}=${v}`}</Badge>)}</span> }),
    ]);
  }, [open, keyName]);
  if (project === null || !project.abilities.read_requests) return <NoAccessPage title="Request log" />;
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <PageHeader title="Request log" description={`Every request made with the keys of ${project.name} or from its playground, newest first. Open one to see every field and where its money went.`} />
      <RequestFilters search={search} keys={[...keyNames].map(([id, name]) => ({ id, name }))} />
      <DataTable
        label="Requests"
        columns={columns}
        list={list}
        rowId={(r) => r.id}
        empty={
          <EmptyState icon={<Logs size={28} />} title={filtered ? 'No request matches these filters' : 'No requests yet'}>
            {filtered ? 'Widen the time range or clear a filter.' : 'Requests made with this project’s keys appear here within a second.'}
          </EmptyState>
        }
      />
      <RequestDrawer requestId={search.request} onClose={() => open(undefined)} keyName={keyName} />
    </>
  );
}
