import { MailPlus } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Badge, type BadgeProps } from '../../components/badge';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { Time } from '../../components/time';
import { toast } from '../../components/toast';
import { roleLabel } from '../shell/role-label';
import styles from './members.module.css';
import textStyles from '../../styles/text.module.css';
import { invitesList, useRevokeInvite, type Invite } from './queries';

const STATUS: Readonly<Record<Invite['status'], { readonly label: string; readonly tone: BadgeProps['tone'] }>> = {
  pending: { label: 'Pending', tone: 'accent' },
  accepted: { label: 'Accepted', tone: 'success' },
  revoked: { label: 'Revoked', tone: 'neutral' },
  expired: { label: 'Expired', tone: 'warning' },
};

function InviteStatus({ status }: { readonly status: Invite['status'] }): ReactElement {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

function RevokeInvite({ orgId, invite }: { readonly orgId: string; readonly invite: Invite }): ReactElement | null {
  const revoke = useRevokeInvite(orgId);
  if (invite.status !== 'pending') return null;
  return (
    <ConfirmDialog
      trigger={<Button size="sm" variant="ghost" aria-label={`Revoke the invite of ${invite.email}`}>Revoke</Button>}
      title={`Revoke the invite of ${invite.email}?`}
      description="The link stops working at once. You can invite them again later."
      confirmLabel="Revoke invite"
      onConfirm={async () => {
        await revoke.mutateAsync(invite.id);
        toast.success(`The invite of ${invite.email} is revoked.`);
      }}
    />
  );
}

/** Invites of the organization, newest first: pending ones can be revoked. */
export function InvitesTable({ orgId }: { readonly orgId: string }): ReactElement {
  const list = useCursorList(invitesList(orgId));
  const columns = useMemo((): DataColumns<Invite> => {
    const col = dataColumns<Invite>();
    // The expiry under the time sent, and the email taking the width left (ellipsis, whole on
    // hover), so that the table and each pending invite's Revoke fit a laptop's width.
    return col.columns([
      col.accessor('email', { header: 'Email', meta: { fill: true }, cell: (info) => <div className={styles.email} title={info.getValue()}>{info.getValue()}</div> }),
      col.accessor('role', { header: 'Role', cell: (info) => roleLabel(info.getValue()) }),
      col.display({ id: 'status', header: 'Status', cell: (info) => <InviteStatus status={info.row.original.status} /> }),
      col.accessor('created_at', {
        header: 'Sent',
        meta: { nowrap: true },
        cell: (info) => (
          <div>
            <Time iso={info.getValue()} format="relative" />
            <div className={textStyles.muted}>
              {info.row.original.status === 'expired' ? 'Expired' : 'Expires'} <Time iso={info.row.original.expires_at} format="date" />
            </div>
          </div>
        ),
      }),
      col.display({ id: 'actions', header: () => <span className="visually-hidden">Actions</span>, meta: { align: 'right' }, cell: (info) => <RevokeInvite orgId={orgId} invite={info.row.original} /> }),
    ]);
  }, [orgId]);
  return (
    <DataTable
      label="Invites"
      columns={columns}
      list={list}
      rowId={(invite) => invite.id}
      stackOnPhone
      empty={<EmptyState icon={<MailPlus size={28} />} title="No invites yet">Invite people by email; each invite says which role they get.</EmptyState>}
    />
  );
}
