import { useInfiniteQuery } from '@tanstack/react-query';
import { useLoaderData, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Logs, Tag, UserRound } from 'lucide-react';
import { Fragment, useCallback, useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
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
import textStyles from '../../styles/text.module.css';
import { StatusBadge } from './status-badge';
import { formatCount } from '../../lib/count';
import { cx } from '../../lib/cx';

const ROUTE = '/app/orgs/$orgId/projects/$projectId/requests';

/**
 * The model as sent (it names the row: a long one wraps, never cut), and under it as served when it differs:
 * just the version when the gateway pinned one ("served @2024-07-18"), the whole id on hover.
 */
function RequestModel({ request }: { readonly request: LoggedRequest }): ReactElement {
  const requested = request.model_requested;
  const served = request.model_resolved && request.model_resolved !== requested ? request.model_resolved : null;
  const shown = served && requested && served.startsWith(`${requested}@`) ? served.slice(requested.length) : served;
  return (
    <div>
      <div className={cx(styles.mono, styles.breakAnywhere)}>{requested ? <BreakAfter text={requested} mark="/" /> : '—'}</div>
      {served && (
        <div className={cx(textStyles.muted, styles.truncate)} title={`Served ${served}`}>
          served <span className="visually-hidden">{served}</span>
          <span aria-hidden="true">{shown}</span>
        </div>
      )}
    </div>
  );
}

/** Text that may break after each `mark` when its column is narrow ("openai/" over "gpt-4o-mini"). */
function BreakAfter({ text, mark }: { readonly text: string; readonly mark: string }): ReactElement {
  return (
    <>
      {text.split(mark).map((part, i) => (
        <Fragment key={i}>
          {i > 0 && (
            <>
              {mark}
              <wbr />
            </>
          )}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The key (or the playground), and under it the end user and the tags, each marked by an icon and
 * named for screen readers. A narrow table leaves those two to the key's title and the drawer.
 */
function RequestSource({ request, keyName }: { readonly request: LoggedRequest; readonly keyName: (id: string) => string }): ReactElement {
  const key = request.key_id ? keyName(request.key_id) : request.source === 'playground' ? 'Playground' : '—';
  const tags = Object.entries(request.tags).map(([k, v]) => `${k}=${v}`);
  const title = [key, request.user !== null ? `End user ${request.user}` : null, tags.length > 0 ? `Tags ${tags.join(', ')}` : null].filter((part) => part !== null).join('; ');
  return (
    <div className={styles.source}>
      <div className={styles.truncate} title={title}>{key}</div>
      {(request.user !== null || tags.length > 0) && (
        <div className={cx(textStyles.muted, styles.truncate, styles.facets)}>
          {request.user !== null && (
            <span className={styles.facet}>
              <UserRound size={12} aria-hidden />
              <span className="visually-hidden">End user </span>
              {request.user}
            </span>
          )}
          {tags.length > 0 && (
            <span className={styles.facet}>
              <Tag size={12} aria-hidden />
              <span className="visually-hidden">Tags </span>
              {tags.join(', ')}
            </span>
          )}
        </div>
      )}
    </div>
  );
}

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
    // Related fields share a cell (a muted second line) so that the table fits a laptop's width;
    // the model takes the width left. The drawer has every field in full.
    return col.columns([
      col.accessor('created_at', {
        header: 'Time',
        meta: { nowrap: true },
        cell: (info) => (
          <button type="button" className={styles.linkButton} onClick={() => open(info.row.original.id)}>
            <Time iso={info.getValue()} format="time" />
            <span className={styles.subline}><Time iso={info.getValue()} format="date" /></span>
            <span className="visually-hidden">, open request {info.row.original.id}</span>
          </button>
        ),
      }),
      col.display({ id: 'model', header: 'Model', meta: { fill: true }, cell: (info) => <RequestModel request={info.row.original} /> }),
      col.accessor('status', {
        header: 'Status',
        meta: { nowrap: true },
        cell: (info) => (
          <div>
            <StatusBadge status={info.getValue()} />
            {info.row.original.error_code && (
              <div className={cx(textStyles.muted, styles.errorCode)}>
                <BreakAfter text={info.row.original.error_code} mark="_" />
              </div>
            )}
          </div>
        ),
      }),
      col.accessor('cost_usd', {
        header: 'Cost / tokens',
        meta: { align: 'right', nowrap: true },
        cell: (info) => (
          <div>
            <Money usd={info.getValue()} />
            <div className={cx(textStyles.muted, 'tabular')}>
              {formatCount(info.row.original.usage.input_tokens)} in · {formatCount(info.row.original.usage.output_tokens)} out
            </div>
          </div>
        ),
      }),
      col.accessor('latency_ms', {
        header: 'Latency',
        meta: { align: 'right', nowrap: true },
        cell: (info) => (
          <div className="tabular">
            {formatCount(info.getValue())} ms
            {info.row.original.ttft_ms !== null && <div className={textStyles.muted}>TTFT {formatCount(info.row.original.ttft_ms)} ms</div>}
          </div>
        ),
      }),
      col.accessor('key_id', { header: 'Key', meta: { nowrap: true }, cell: (info) => <RequestSource request={info.row.original} keyName={keyName} /> }),
    ]);
  }, [open, keyName]);
  if (project === null || !project.abilities.read_requests) return <NoAccessPage title="Request log" />;
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <PageHeader title="Request log" description={`Every request made with the keys of ${project.name} or from its playground, newest first. Open one to see every field and where its money went.`} />
      <RequestFilters search={search} keys={[...keyNames].map(([id, name]) => ({ id, name }))} />
      <div className={styles.table}>
        <DataTable
          label="Requests"
          columns={columns}
          list={list}
          rowId={(r) => r.id}
          stackOnPhone
          empty={
            <EmptyState icon={<Logs size={28} />} title={filtered ? 'No request matches these filters' : 'No requests yet'}>
              {filtered ? 'Widen the time range or clear a filter.' : 'Requests made with this project’s keys appear here within a second.'}
            </EmptyState>
          }
        />
      </div>
      <RequestDrawer requestId={search.request} onClose={() => open(undefined)} keyName={keyName} />
    </>
  );
}
