import { Users } from 'lucide-react';
import { useMemo, type ReactElement } from 'react';
import { useCursorList } from '../../api/cursor-list';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Time } from '../../components/time';
import { toast } from '../../components/toast';
import { useCurrentOrg, useMe } from '../shell/current-scope';
import { NoAccessPage } from '../shell/no-access-page';
import type { MeOrganization } from '../shell/queries';
import { InviteDialog } from './invite-dialog';
import { InvitesTable } from './invites-table';
import { MemberRoleCell } from './member-role-cell';
import styles from './members.module.css';
import textStyles from '../../styles/text.module.css';
import { membersList, useRemoveMember, type OrgMember } from './queries';

function RemoveMember({ org, member }: { readonly org: MeOrganization; readonly member: OrgMember }): ReactElement | null {
  const remove = useRemoveMember(org.id);
  if (!member.abilities.remove || (member.role === 'owner' && !org.abilities.manage_owners)) return null;
  return (
    <ConfirmDialog
      trigger={<Button size="sm" variant="ghost" aria-label={`Remove ${member.name}`}>Remove</Button>}
      title={`Remove ${member.name} from ${org.name}?`}
      description={`${member.email} loses access to ${org.name} and its projects at once, and their project roles are deleted. Keys they created keep working until someone disables them.`}
      confirmLabel="Remove member"
      onConfirm={async () => {
        await remove.mutateAsync(member.user_id);
        toast.success(`${member.name} was removed from ${org.name}.`);
      }}
    />
  );
}

/** The organization's members and roles; those who manage members also invite, change roles and remove. */
export function MembersPage(): ReactElement {
  const org = useCurrentOrg();
  const me = useMe();
  if (!org || !org.abilities.read) return <NoAccessPage title="Members" />;
  return <Members org={org} myId={me.user?.id ?? null} />;
}

function Members({ org, myId }: { readonly org: MeOrganization; readonly myId: string | null }): ReactElement {
  const list = useCursorList(membersList(org.id));
  const columns = useMemo((): DataColumns<OrgMember> => {
    const col = dataColumns<OrgMember>();
    return col.columns([
      col.accessor('name', {
        header: 'Member',
        cell: (info) => (
          <div className={styles.person}>
            <span className={styles.name}>{info.getValue()}{info.row.original.user_id === myId && <span className={textStyles.muted}> (you)</span>}</span>
            <span className={textStyles.muted}>{info.row.original.email}</span>
          </div>
        ),
      }),
      col.accessor('role', { header: 'Role', cell: (info) => <MemberRoleCell orgId={org.id} member={info.row.original} org={org.abilities} /> }),
      col.accessor('created_at', { header: 'Joined', meta: { nowrap: true }, cell: (info) => <Time iso={info.getValue()} format="date" /> }),
      col.display({ id: 'actions', header: () => <span className="visually-hidden">Actions</span>, meta: { align: 'right' }, cell: (info) => <RemoveMember org={org} member={info.row.original} /> }),
    ]);
  }, [org, myId]);
  const manage = org.abilities.manage_members;
  return (
    <>
      <PageHeader
        title="Members"
        description={`Who belongs to ${org.name} and with which role. Project roles, set on each project's settings, add to these.`}
        actions={manage ? <InviteDialog orgId={org.id} orgName={org.name} org={org.abilities} /> : undefined}
      />
      <div className={styles.stack}>
        <DataTable
          label="Members"
          columns={columns}
          list={list}
          rowId={(member) => member.user_id}
          stackOnPhone
          empty={<EmptyState icon={<Users size={28} />} title="No members">Nobody belongs to this organization.</EmptyState>}
        />
        {manage && (
          <p className={textStyles.muted}>
            An organization always keeps at least one owner: the last owner can be neither given another role nor removed.
            {org.abilities.manage_owners ? '' : ' Only owners grant or take the owner role.'}
          </p>
        )}
        {manage && (
          <section className={styles.stack} aria-labelledby="invites-heading">
            <h2 id="invites-heading" className={styles.sectionTitle}>Invites</h2>
            <InvitesTable orgId={org.id} />
          </section>
        )}
      </div>
    </>
  );
}
