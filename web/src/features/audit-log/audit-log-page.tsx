import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ScrollText } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { PageHeader } from '../../components/page-header';
import { Time } from '../../components/time';
import { cx } from '../../lib/cx';
import { useCurrentOrg } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import { actionLabel, AUDIT_TARGETS } from './actions';
import { AuditFilters } from './audit-filters';
import styles from './audit-log.module.css';
import textStyles from '../../styles/text.module.css';
import { actorText, EntryDialog } from './entry-dialog';
import { auditEntryQuery, auditList, type AuditEntry } from './queries';

/** The organization's audit log: who changed what, when; filters in the URL; each entry opens its change. */
export function AuditLogPage(): ReactElement {
  const org = useCurrentOrg();
  if (!org || !org.abilities.read_audit_log) return <NoAccessPage title="Audit log" />;
  return <AuditLog orgId={org.id} orgName={org.name} />;
}

function AuditLog({ orgId, orgName }: { readonly orgId: string; readonly orgName: string }): ReactElement {
  const { entry: openId, ...filters } = useSearch({ from: '/app/orgs/$orgId/audit-log' });
  const navigate = useNavigate({ from: '/orgs/$orgId/audit-log' });
  const list = useCursorList(auditList(orgId, filters));
  const columns = useMemo((): DataColumns<AuditEntry> => {
    const open = (id: string) => void navigate({ search: (prev) => ({ ...prev, entry: id }) });
    const col = dataColumns<AuditEntry>();
    // The target takes the width the other columns leave, so that the table fits a laptop's width:
    // a long id ends in an ellipsis (whole on hover and in the entry's dialog), as does a long email.
    return col.columns([
      col.accessor('created_at', { header: 'When', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} format="relative" /> }),
      col.display({
        id: 'who',
        header: 'Who',
        cell: (info) => (
          <div className={styles.who}>
            <span className={styles.truncate} title={actorText(info.row.original)}>{actorText(info.row.original)}</span>
            {info.row.original.actor.email && <span className={cx(textStyles.muted, styles.truncate)} title={info.row.original.actor.email}>{info.row.original.actor.email}</span>}
          </div>
        ),
      }),
      col.display({
        id: 'what',
        header: 'What',
        cell: (info) => (
          <div className={styles.what}>
            <button type="button" className={styles.linkButton} onClick={() => open(info.row.original.id)}>{actionLabel(info.row.original.action)}</button>
            <code className={textStyles.muted}>{info.row.original.action}</code>
          </div>
        ),
      }),
      col.display({
        id: 'target',
        header: 'On what',
        meta: { fill: true },
        cell: (info) => (
          <div className={styles.target}>
            <span>{AUDIT_TARGETS[info.row.original.target.type] ?? info.row.original.target.type}</span>
            <code className={cx(textStyles.muted, styles.truncate)} title={info.row.original.target.id}>{info.row.original.target.id}</code>
          </div>
        ),
      }),
    ]);
  }, [navigate]);
  const loaded = openId ? list.rows.find((row) => row.id === openId) : undefined;
  // A link may name any entry, however old or whatever the filters: one not on the page is fetched by id.
  const fetched = useQuery({ ...auditEntryQuery(orgId, openId ?? ''), enabled: openId !== undefined && loaded === undefined });
  const entry = openId ? (loaded ?? fetched.data ?? null) : null;
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <PageHeader title="Audit log" description={`Every change to ${orgName}: members, invites, access, models, aliases, limits, keys, billing and webhooks. Open an entry to see each field before and after.`} />
      <div className={styles.stack}>
        <AuditFilters orgId={orgId} />
        <DataTable
          label="Audit log"
          columns={columns}
          list={list}
          rowId={(row) => row.id}
          stackOnPhone
          empty={<EmptyState icon={<ScrollText size={28} />} title={filtered ? 'No entry matches these filters' : 'Nothing recorded yet'}>{filtered ? 'Widen the range or clear a filter.' : 'Changes made in this organization appear here.'}</EmptyState>}
        />
        {openId && !entry && fetched.error && <ErrorBanner error={fetched.error} title={`Could not open entry ${openId}.`} />}
      </div>
      <EntryDialog entry={entry} onClose={() => void navigate({ search: (prev) => ({ ...prev, entry: undefined }) })} />
    </>
  );
}
