import { Users } from 'lucide-react';
import { useMemo, useState, type FormEvent, type ReactElement } from 'react';
import { fieldError } from '../../api/api-error';
import { useCursorList } from '../../api/cursor-list';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, dataColumns, type DataColumns } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Select } from '../../components/select';
import { toast } from '../../components/toast';
import { useSavingChoice } from '../../api/saving-choice';
import { roleLabel } from '../shell/role-label';
import { orgMembersList, projectMembersList, useAddProjectMember, useChangeProjectRole, useRemoveProjectMember, type ProjectMember, type ProjectRole } from './queries';
import styles from './settings.module.css';
import textStyles from '../../styles/text.module.css';

/** Project roles and what each adds inside the project (docs/console-api.md). */
const PROJECT_ROLE_HINTS: Readonly<Record<ProjectRole, string>> = {
  admin: 'Members, keys, aliases, limits and budget of this project.',
  developer: 'Creates and manages this project’s keys; reads its request log.',
  viewer: 'Reads this project: keys, request log and usage.',
};
const PROJECT_ROLES = Object.keys(PROJECT_ROLE_HINTS) as ProjectRole[];

function isProjectRole(role: string): role is ProjectRole {
  return role in PROJECT_ROLE_HINTS;
}

function RoleCell({ projectId, member }: { readonly projectId: string; readonly member: ProjectMember }): ReactElement {
  const change = useChangeProjectRole(projectId);
  const role = useSavingChoice(member.role);
  if (!member.abilities.update || !isProjectRole(member.role)) return <Badge>{roleLabel(member.role)}</Badge>;
  return (
    <div className={styles.resolves}>
      <Select
        aria-label={`Project role of ${member.name}`}
        value={role.shown}
        disabled={change.isPending}
        options={PROJECT_ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
        onChange={(e) => {
          const chosen = e.target.value;
          if (!isProjectRole(chosen)) return;
          role.choose(chosen);
          change.mutate({ userId: member.user_id, role: chosen }, { onSettled: role.settle });
        }}
      />
      {change.error && <p className={styles.error} role="alert">{change.error.message}</p>}
    </div>
  );
}

function RemoveCell({ projectId, projectName, member }: { readonly projectId: string; readonly projectName: string; readonly member: ProjectMember }): ReactElement | null {
  const remove = useRemoveProjectMember(projectId);
  if (!member.abilities.remove) return null;
  return (
    <ConfirmDialog
      trigger={<Button size="sm" variant="ghost" aria-label={`Remove ${member.name} from the project`}>Remove</Button>}
      title={`Remove ${member.name} from ${projectName}?`}
      description="Their project role ends at once. In an organization with restricted project access, developers and viewers then no longer reach this project."
      confirmLabel="Remove from project"
      onConfirm={async () => {
        await remove.mutateAsync(member.user_id);
        toast.success(`${member.name} was removed from ${projectName}.`);
      }}
    />
  );
}

function AddMemberForm({ orgId, projectId, current }: { readonly orgId: string; readonly projectId: string; readonly current: readonly ProjectMember[] }): ReactElement {
  const orgMembers = useCursorList(orgMembersList(orgId));
  const add = useAddProjectMember(projectId);
  const [userId, setUserId] = useState('');
  const [role, setRole] = useState<ProjectRole>('developer');
  const candidates = orgMembers.rows.filter((m) => !current.some((p) => p.user_id === m.user_id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ user_id: userId, role }, { onSuccess: (member) => { toast.success(`${member.name} added as project ${roleLabel(member.role).toLowerCase()}.`); setUserId(''); } });
  };
  return (
    <form className={styles.stack} onSubmit={submit} aria-label="Add a project member">
      <div className={styles.fields}>
        <div className={styles.grow}>
          <Field label="Organization member" error={fieldError(add.error, 'user_id')}>
            <Select required value={userId} onChange={(e) => setUserId(e.target.value)} options={[{ value: '', label: candidates.length === 0 ? 'Everyone is a member already' : 'Choose a member' }, ...candidates.map((m) => ({ value: m.user_id, label: `${m.name} (${m.email})` }))]} />
          </Field>
        </div>
        <div className={styles.grow}>
          <Field label="Project role" hint={PROJECT_ROLE_HINTS[role]}>
            <Select value={role} onChange={(e) => isProjectRole(e.target.value) && setRole(e.target.value)} options={PROJECT_ROLES.map((r) => ({ value: r, label: roleLabel(r) }))} />
          </Field>
        </div>
      </div>
      {!fieldError(add.error, 'user_id') && <ErrorBanner error={add.error} />}
      <div className={styles.actions}>
        <Button type="submit" disabled={userId === ''} loading={add.isPending}>Add to project</Button>
      </div>
    </form>
  );
}

/** Props of {@link ProjectMembersCard}. */
export interface ProjectMembersCardProps {
  readonly orgId: string;
  readonly projectId: string;
  readonly projectName: string;
  /** The organization's project access mode, to say what membership means here. */
  readonly access: 'open' | 'restricted' | null;
  readonly canManage: boolean;
}

/** The project's members and their project roles, which add to their organization role here. */
export function ProjectMembersCard({ orgId, projectId, projectName, access, canManage }: ProjectMembersCardProps): ReactElement {
  const list = useCursorList(projectMembersList(projectId));
  const columns = useMemo((): DataColumns<ProjectMember> => {
    const col = dataColumns<ProjectMember>();
    return col.columns([
      col.accessor('name', {
        header: 'Member',
        cell: (info) => (
          <div className={styles.resolves}>
            <span>{info.getValue()}</span>
            <span className={textStyles.muted}>{info.row.original.email}</span>
          </div>
        ),
      }),
      col.display({ id: 'role', header: 'Project role', cell: (info) => <RoleCell projectId={projectId} member={info.row.original} /> }),
      col.display({ id: 'actions', header: () => <span className="visually-hidden">Actions</span>, meta: { align: 'right' }, cell: (info) => <RemoveCell projectId={projectId} projectName={projectName} member={info.row.original} /> }),
    ]);
  }, [projectId, projectName]);
  return (
    <Card title="Project members">
      <div className={styles.stack}>
        <p className={styles.lead} data-testid="project-access-note">
          {access === 'restricted'
            ? 'Project access is restricted in this organization: developers and viewers reach this project only if they are listed here. Owners, admins, billing admins and auditors reach it anyway.'
            : 'Project access is open in this organization: every member reaches this project already. A project role adds permissions inside this project (a developer made project admin manages its limits).'}
        </p>
        <DataTable
          label="Project members"
          columns={columns}
          list={list}
          rowId={(member) => member.user_id}
          stackOnPhone
          empty={<EmptyState icon={<Users size={28} />} title="No project members">Nobody has a role in this project beyond their organization role.</EmptyState>}
        />
        {canManage && <AddMemberForm orgId={orgId} projectId={projectId} current={list.rows} />}
      </div>
    </Card>
  );
}
