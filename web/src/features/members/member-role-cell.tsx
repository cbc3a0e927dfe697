import type { ReactElement } from 'react';
import { Badge } from '../../components/badge';
import { Select } from '../../components/select';
import { useSavingChoice } from '../../api/saving-choice';
import type { OrgAbilities } from '../shell/queries';
import { roleLabel } from '../shell/role-label';
import styles from './members.module.css';
import { useChangeRole, type OrgMember } from './queries';
import { isOrgRole, ORG_ROLES } from './roles';

/**
 * A member's role: a picker when the person may change it (the owner role needs `manage_owners`,
 * as the API checks), else the role in words. The API's refusal (the last owner) shows under it.
 */
export function MemberRoleCell({ orgId, member, org }: { readonly orgId: string; readonly member: OrgMember; readonly org: OrgAbilities }): ReactElement {
  const change = useChangeRole(orgId);
  const role = useSavingChoice(member.role);
  const touchesOwner = member.role === 'owner';
  const editable = member.abilities.update && (!touchesOwner || org.manage_owners) && isOrgRole(member.role);
  if (!editable) return <Badge tone={touchesOwner ? 'accent' : 'neutral'}>{roleLabel(member.role)}</Badge>;
  const options = ORG_ROLES.filter((role) => role !== 'owner' || org.manage_owners).map((role) => ({ value: role, label: roleLabel(role) }));
  return (
    <div className={styles.roleCell}>
      <Select
        aria-label={`Role of ${member.name}`}
        value={role.shown}
        disabled={change.isPending}
        options={options}
        onChange={(event) => {
          const chosen = event.target.value;
          if (!isOrgRole(chosen)) return;
          role.choose(chosen);
          change.mutate({ userId: member.user_id, role: chosen }, { onSettled: role.settle });
        }}
      />
      {change.error && <p className={styles.cellError} role="alert">{change.error.message}</p>}
    </div>
  );
}
