import { KeyRound } from 'lucide-react';
import { useMemo, useState, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Time } from '../../components/time';
import { toast } from '../../components/toast';
import { useMe } from '../shell/current-scope';
import { CreateTokenDialog } from './create-token-dialog';
import styles from './me.module.css';
import textStyles from '../../styles/text.module.css';
import { accessTokensList, useRevokeAccessToken, type AccessToken } from './queries';

function isExpired(token: AccessToken, now: number): boolean {
  return token.expires_at !== null && Date.parse(token.expires_at) <= now;
}

function TokenStatus({ token, now }: { readonly token: AccessToken; readonly now: number }): ReactElement {
  if (token.revoked) return <Badge tone="danger">Revoked</Badge>;
  if (isExpired(token, now)) return <Badge tone="warning">Expired</Badge>;
  return <Badge tone="success">Active</Badge>;
}

/** When the token was last used, and under it when it was created and when it expires (if it does). */
function TokenDates({ token, now }: { readonly token: AccessToken; readonly now: number }): ReactElement {
  return (
    <div className={styles.dates}>
      <Time iso={token.last_used_at} format="relative" empty="Never" />
      <div className={textStyles.muted}>
        Created <Time iso={token.created_at} format="date" />
      </div>
      {token.expires_at !== null && (
        <div className={textStyles.muted}>
          {isExpired(token, now) ? 'Expired' : 'Expires'} <Time iso={token.expires_at} format="date" />
        </div>
      )}
    </div>
  );
}

function RevokeButton({ token }: { readonly token: AccessToken }): ReactElement | null {
  const revoke = useRevokeAccessToken();
  if (token.revoked) return null;
  return (
    <ConfirmDialog
      trigger={<Button size="sm" variant="ghost">Revoke</Button>}
      title={`Revoke “${token.name}”?`}
      description="Scripts using this token get 401 from their next request. This cannot be undone."
      confirmLabel="Revoke token"
      onConfirm={async () => {
        await revoke.mutateAsync(token.id);
        toast.success(`Access token “${token.name}” revoked.`);
      }}
    />
  );
}

/** The person's access tokens: create (secret shown once), see when each was used, revoke. */
export function AccessTokensPanel(): ReactElement {
  const me = useMe();
  const list = useCursorList(accessTokensList);
  const [now] = useState(Date.now);
  const columns = useMemo((): DataColumns<AccessToken> => {
    const col = dataColumns<AccessToken>();
    const orgName = (id: string | null) => (id === null ? 'All' : (me.organizations.find((o) => o.id === id)?.name ?? id));
    // Related fields share a cell (a muted second line), as on the API keys page, so that the table
    // and each row's Revoke fit a laptop's width; the name takes the width left and truncates.
    return col.columns([
      col.accessor('name', {
        header: 'Name',
        meta: { fill: true },
        cell: (info) => (
          <div>
            <div className={styles.nameLine}>
              <span className={styles.tokenName} title={info.getValue()}>{info.getValue()}</span>
              <TokenStatus token={info.row.original} now={now} />
            </div>
            <code className={styles.prefix}>{info.row.original.prefix}…</code>
          </div>
        ),
      }),
      col.accessor('org_id', { header: 'Organizations', cell: (info) => orgName(info.getValue()) }),
      col.accessor('last_used_at', { header: 'Last used', cell: (info) => <TokenDates token={info.row.original} now={now} /> }),
      col.display({ id: 'actions', header: () => <span className="visually-hidden">Actions</span>, meta: { align: 'right' }, cell: (info) => <RevokeButton token={info.row.original} /> }),
    ]);
  }, [me.organizations, now]);
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={textStyles.muted}>Tokens act with your permissions on the console API. Each secret is shown once, when it is created.</p>
        <CreateTokenDialog />
      </div>
      <DataTable
        label="Access tokens"
        columns={columns}
        list={list}
        rowId={(token) => token.id}
        stackOnPhone
        empty={<EmptyState icon={<KeyRound size={28} />} title="No access tokens yet">Create one for a script or CI job that manages this gateway through the console API.</EmptyState>}
      />
    </div>
  );
}
