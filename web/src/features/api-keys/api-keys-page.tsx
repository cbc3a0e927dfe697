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
import { CreateKeyDialog } from './create-key-dialog';
import { KeyActions } from './key-actions';
import { apiKeysList, type ApiKey } from './queries';
import { formatCount } from '../../lib/count';

function KeyStatus({ apiKey, now }: { readonly apiKey: ApiKey; readonly now: number }): ReactElement {
  if (apiKey.disabled) return <Badge tone="danger">Disabled</Badge>;
  if (apiKey.expires_at !== null && Date.parse(apiKey.expires_at) <= now) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

function AllowedModels({ models }: { readonly models: readonly string[] | null }): ReactElement {
  if (models === null) return <span className={`${styles.muted} ${styles.nowrap}`}>All allowed</span>;
  return <div className={styles.models}>{models.map((m) => <Badge key={m}>{m}</Badge>)}</div>;
}

/** The project's inference keys: create (secret shown once), last use and this month's usage, disable, enable, delete. */
export function ApiKeysPage(): ReactElement {
  const { projectId } = useParams({ from: '/app/orgs/$orgId/projects/$projectId/keys' });
  const project = useCurrentProject();
  const list = useCursorList(apiKeysList(projectId));
  const [now] = useState(Date.now);
  const columns = useMemo((): DataColumns<ApiKey> => {
    const col = dataColumns<ApiKey>();
    return col.columns([
      col.accessor('name', {
        header: 'Name',
        cell: (info) => (
          <div>
            <div className={styles.name}>{info.getValue()}</div>
            <code className={styles.prefix}>{info.row.original.prefix}…</code>
          </div>
        ),
      }),
      col.display({ id: 'status', header: 'Status', cell: (info) => <KeyStatus apiKey={info.row.original} now={now} /> }),
      col.accessor('allowed_models', { header: 'Models', cell: (info) => <AllowedModels models={info.getValue()} /> }),
      col.accessor('budget_usd', { header: 'Monthly budget', meta: { align: 'right', nowrap: true }, cell: (info) => <Money usd={info.getValue()} precision="cents" empty="None" /> }),
      col.accessor('usage_this_month', {
        header: 'This month',
        meta: { align: 'right', nowrap: true },
        cell: (info) => (
          <div>
            <Money usd={info.getValue().cost_usd} />
            <div className={styles.muted}>{formatCount(info.getValue().requests)} requests</div>
          </div>
        ),
      }),
      col.accessor('last_used_at', { header: 'Last used', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} format="relative" empty="Never" /> }),
      col.accessor('expires_at', { header: 'Expires', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} format="date" empty="Never" /> }),
      col.accessor('created_at', { header: 'Created', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} format="date" /> }),
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
    </>
  );
}
