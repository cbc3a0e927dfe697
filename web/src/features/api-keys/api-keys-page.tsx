import { useParams } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { useMemo, useState, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Badge } from '../../components/badge';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Money } from '../../components/money';
import { PageHeader } from '../../components/page-header';
import { Time } from '../../components/time';
import { useCurrentProject } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import styles from './api-keys.module.css';
import textStyles from '../../styles/text.module.css';
import { CreateKeyDialog } from './create-key-dialog';
import { KeyActions } from './key-actions';
import { apiKeysList, type ApiKey } from './queries';
import { formatCount } from '../../lib/count';
import { cx } from '../../lib/cx';

function isExpired(apiKey: ApiKey, now: number): boolean {
  return apiKey.expires_at !== null && Date.parse(apiKey.expires_at) <= now;
}

function KeyStatus({ apiKey, now }: { readonly apiKey: ApiKey; readonly now: number }): ReactElement {
  if (apiKey.disabled) return <Badge tone="danger">Disabled</Badge>;
  if (isExpired(apiKey, now)) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** The models a key may call on one line (the whole list on hover), and how many when more than one. */
function AllowedModels({ models }: { readonly models: readonly string[] | null }): ReactElement {
  if (models === null) return <span className={textStyles.muted}>All allowed</span>;
  if (models.length === 0) return <span className={textStyles.muted}>None allowed</span>;
  const list = models.join(', ');
  return (
    <div className={styles.models}>
      <div className={styles.truncate} title={list}>{list}</div>
      {models.length > 1 && <div className={textStyles.muted}>{models.length} models</div>}
    </div>
  );
}

/** This month's cost against the monthly budget ("$1.20 / $5.00"; a key without a budget shows the cost alone), and the requests. */
function MonthUsage({ apiKey }: { readonly apiKey: ApiKey }): ReactElement {
  const { cost_usd, requests } = apiKey.usage_this_month;
  return (
    <div>
      <Money usd={cost_usd} />
      {apiKey.budget_usd !== null && (
        <span className={cx(textStyles.muted, styles.budget)} title="Monthly budget">
          {' '}
          <span aria-hidden="true">/</span>
          <span className="visually-hidden">of a monthly budget of</span> <Money usd={apiKey.budget_usd} precision="cents" />
        </span>
      )}
      <div className={textStyles.muted}>{formatCount(requests)} requests</div>
    </div>
  );
}

/** When the key was last used, and under it when it was created and when it expires (if it does). */
function KeyDates({ apiKey, now }: { readonly apiKey: ApiKey; readonly now: number }): ReactElement {
  return (
    <div className={styles.dates}>
      <Time iso={apiKey.last_used_at} format="relative" empty="Never" />
      <div className={textStyles.muted}>
        Created <Time iso={apiKey.created_at} format="date" />
      </div>
      {apiKey.expires_at !== null && (
        <div className={textStyles.muted}>
          {isExpired(apiKey, now) ? 'Expired' : 'Expires'} <Time iso={apiKey.expires_at} format="date" />
        </div>
      )}
    </div>
  );
}

/** The project's inference keys: create (secret shown once), last use and this month's usage, disable, enable, delete. */
export function ApiKeysPage(): ReactElement {
  const { projectId } = useParams({ from: '/app/orgs/$orgId/projects/$projectId/keys' });
  const project = useCurrentProject();
  const list = useCursorList(apiKeysList(projectId));
  const [now] = useState(Date.now);
  const columns = useMemo((): DataColumns<ApiKey> => {
    const col = dataColumns<ApiKey>();
    // Related fields share a cell (a muted second line) so that the table and each row's actions
    // fit a laptop's width; the name takes the width left and truncates.
    return col.columns([
      col.accessor('name', {
        header: 'Name',
        meta: { fill: true },
        cell: (info) => (
          <div>
            <div className={styles.nameLine}>
              <span className={styles.name} title={info.getValue()}>{info.getValue()}</span>
              <KeyStatus apiKey={info.row.original} now={now} />
            </div>
            <code className={styles.prefix}>{info.row.original.prefix}…</code>
          </div>
        ),
      }),
      col.accessor('allowed_models', { header: 'Models', meta: { nowrap: true }, cell: (info) => <AllowedModels models={info.getValue()} /> }),
      col.accessor('usage_this_month', { header: 'This month', meta: { align: 'right', nowrap: true }, cell: (info) => <MonthUsage apiKey={info.row.original} /> }),
      col.accessor('last_used_at', { header: 'Last used', cell: (info) => <KeyDates apiKey={info.row.original} now={now} /> }),
      col.display({ id: 'actions', header: () => <span className="visually-hidden">Actions</span>, meta: { align: 'right', nowrap: true }, cell: (info) => <KeyActions apiKey={info.row.original} /> }),
    ]);
  }, [now]);
  if (project === null || !project.abilities.read) return <NoAccessPage title="API keys" />;
  const canCreate = project.abilities.manage_keys;
  return (
    <>
      <PageHeader
        title="API keys"
        description={`Keys of ${project.name}: clients use them with the openai or anthropic package. Usage is what settled this month (UTC).`}
        actions={canCreate ? <CreateKeyDialog projectId={projectId} /> : undefined}
      />
      <div className={styles.table}>
        <DataTable
          label="API keys"
          columns={columns}
          list={list}
          rowId={(key) => key.id}
          stackOnPhone
          empty={
            <EmptyState icon={<KeyRound size={28} />} title="No API keys yet">
              {canCreate ? 'Create a key to call the gateway from your code.' : 'Someone who manages keys in this project can create one.'}
            </EmptyState>
          }
        />
      </div>
    </>
  );
}
