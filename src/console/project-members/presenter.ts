import type { Permission } from '../../auth/permissions.js';
import { projectMemberPolicy } from '../../auth/policies/member.js';
import type { MemberRow } from '../../auth/membership-repository.js';
import { presentMember } from '../org-members/presenter.js';
import type { MemberView } from '../org-members/schema.js';

/** Present a project member (same shape as an organization member). */
export function presentProjectMember(row: MemberRow, permissions: ReadonlySet<Permission>): MemberView {
  return presentMember(row, projectMemberPolicy, permissions);
}
